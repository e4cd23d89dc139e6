#!/usr/bin/env bash
# docs/ci.md's recipes, tested: takes the GitHub Actions workflow's `run:` lines and the GitLab
# job's `script:` lines from the page as written (they must be the same commands), and runs them
# in order, as the runner would, in a copy of Examples/XcodeApp (the app's repository) with a
# clean clone of this Kiosk checkout in kiosk/ (what the workflow's second checkout does). What
# is not run is the runner's own work: the container image, the checkouts, the cache and the
# report upload. Then checks the JUnit report the upload would publish.
# Slow: it builds Kiosk from nothing, as a first CI run does.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

steps=$(
    python3 - "$repo/docs/ci.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def block(name):
    match = re.search(r"<!-- ci-recipe: %s -->\n```yaml\n(.*?)```" % name, text, re.S)
    if not match:
        sys.exit("docs/ci.md has no '<!-- ci-recipe: %s -->' yaml block" % name)
    return match.group(1)
github = [m.group(1) for m in re.finditer(r"^\s+run: (.+)$", block("github"), re.M)]
gitlab_script = re.search(r"^  script:\n((?:    - .+\n)+)", block("gitlab"), re.M)
if not gitlab_script:
    sys.exit("docs/ci.md's GitLab job has no script: list")
gitlab = [line.strip()[2:] for line in gitlab_script.group(1).splitlines()]
if github != gitlab:
    sys.exit("docs/ci.md: the GitHub run: lines and the GitLab script: lines differ:\n%s\n%s" % (github, gitlab))
if len(github) < 3:
    sys.exit("docs/ci.md: expected the install, build and test steps, found %s" % github)
print("\n".join(github))
PY
)
echo "ci-recipe: the steps, from docs/ci.md:"
echo "$steps"

cp -R "$repo/Examples/XcodeApp" "$work/app"
rm -rf "$work/app/.kiosk"
git clone --quiet "$repo" "$work/app/kiosk"
cd "$work/app"
while IFS= read -r step; do
    echo "ci-recipe: \$ $step"
    bash -euo pipefail -c "$step"
done <<<"$steps"

grep -qF '<testsuites name="XcodeAppTests" tests="5" failures="0" skipped="0"' storekit-tests.xml || {
    cat storekit-tests.xml
    echo "FAIL: the report is not the example's 5 passing tests"
    exit 1
}
echo "ci-recipe: passed; the report a CI would publish:"
cat storekit-tests.xml
