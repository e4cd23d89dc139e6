"""Checks the wire protocol's description against a real validator and a live server.

    openapi_check.py SPEC                 validate SPEC with openapi-spec-validator
    openapi_check.py SPEC URL TOKEN       then run schemathesis against URL (loopback only),
                                          bounded in examples and time: no 5xx, and every
                                          response matches its documented schema

Exit status: 0 clean, 1 a problem (printed), 3 a tool is missing (run scripts/setup).
"""

import os
import subprocess
import sys
import tempfile
from urllib.parse import urlparse


def main() -> int:
    if len(sys.argv) not in (2, 4):
        print(__doc__, file=sys.stderr)
        return 1
    spec = os.path.abspath(sys.argv[1])
    try:
        from openapi_spec_validator import validate
        from openapi_spec_validator.readers import read_from_filename
    except ImportError:
        print("openapi-spec-validator is not installed in this Python", file=sys.stderr)
        return 3
    document, _ = read_from_filename(spec)
    try:
        validate(document)
    except Exception as error:  # the validator's own error names the path in the spec
        print(f"{spec}: not a valid OpenAPI document: {error}")
        return 1
    print(f"{spec}: valid OpenAPI {document.get('openapi')}")
    if len(sys.argv) == 2:
        return 0
    url, token = sys.argv[2], sys.argv[3]
    if urlparse(url).hostname not in ("127.0.0.1", "::1", "localhost"):
        print(f"refusing to fuzz {url}: loopback addresses only", file=sys.stderr)
        return 1
    tool = os.path.join(os.path.dirname(sys.executable), "schemathesis")
    if not os.path.exists(tool):
        print("schemathesis is not installed next to this Python", file=sys.stderr)
        return 3
    command = [
        tool, "run", spec, "--url", url, "-H", f"Authorization: Bearer {token}",
        "--checks", "not_a_server_error,response_schema_conformance,content_type_conformance",
        "--max-examples", os.environ.get("KIOSK_SCHEMATHESIS_EXAMPLES", "3"),
        "--max-time", os.environ.get("KIOSK_SCHEMATHESIS_SECONDS", "25"),
        "--seed", "11", "--request-timeout", "5", "--workers", "1", "--no-color",
        # Event streams stay open by design: each would cost the whole request timeout.
        # (Their events are tested in Swift, StoreServerTests and EndToEndTests.)
        "--exclude-path-regex", "/(updates|events)$",
    ]
    # Its reports and example database go to a scratch directory, not the repository; the
    # account the server starts with makes account paths reach the store instead of 404.
    with tempfile.TemporaryDirectory() as scratch:
        with open(os.path.join(scratch, "schemathesis.toml"), "w") as config:
            config.write('[parameters]\n"path.account" = "tester"\n')
        result = subprocess.run(command, cwd=scratch, capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    summary = output[output.find("=== FAILURES"):] if "=== FAILURES" in output else output[-3000:]
    print(summary if result.returncode else output[-1500:])
    return 0 if result.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
