"""A Get Retention Message endpoint, as small as one can be, built on Apple's library.

The App Store (here: Kiosk) POSTs {"signedPayload": JWS}; Apple's SignedDataVerifier checks
the chain up to the root you trust and decodes a DecodedRealtimeRequestBody; the endpoint
answers a RealtimeResponseBody choosing the retention message. Kiosk's docs/retention.md walks
through it.

usage: endpoint.py ROOT.der BUNDLE_ID APP_APPLE_ID PORT ANSWER.json [DELAY_MS]
  ROOT.der      the root certificate to trust (for Kiosk: kiosk-root.der, written by `kiosk certs`)
  ANSWER.json   the RealtimeResponseBody to answer, e.g. {"message": {"messageIdentifier": "..."}}
  DELAY_MS      wait this long before answering (to watch the default message, or fail a test)
"""
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def endpoint(root_der, bundle_id, app_apple_id, answer, delay_ms=0, environment=Environment.SANDBOX, port=0):
    """An HTTP server on 127.0.0.1:port; `server.decoded` lists every request it verified."""
    verifier = SignedDataVerifier([root_der], False, environment, bundle_id, app_apple_id)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            try:
                request = verifier.verify_and_decode_realtime_request(body["signedPayload"])
            except (VerificationException, KeyError) as error:
                server.rejected.append(repr(error))
                self.send_response(400)
                self.end_headers()
                return
            server.decoded.append(request)
            time.sleep(delay_ms / 1000)
            # Choose per request here: request.productId, request.userLocale, request.originalTransactionId.
            data = json.dumps(answer(request) if callable(answer) else answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *arguments):
            pass

    class Server(ThreadingHTTPServer):
        # The App Store opens many connections at once; the default backlog of 5 drops some.
        request_queue_size = 128
        daemon_threads = True

    server = Server(("127.0.0.1", port), Handler)
    server.decoded, server.rejected = [], []
    return server


if __name__ == "__main__":
    root, bundle, app, port, answer_file = sys.argv[1:6]
    delay = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    server = endpoint(open(root, "rb").read(), bundle, int(app), json.load(open(answer_file)), delay, port=int(port))
    print(f"Get Retention Message endpoint on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()
