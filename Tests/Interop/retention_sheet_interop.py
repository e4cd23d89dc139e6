"""The cancel sheet end to end: Kiosk asks the example endpoint, built on Apple's library.

Starts Examples/RetentionEndpoint's endpoint (Apple's SignedDataVerifier checks every request
strictly), uploads and approves a message and a default with Apple's AppStoreServerAPIClient,
configures the real-time URL, then opens the cancel sheet over Kiosk's wire three times: with
the endpoint answering the message, answering too late, and stopped. Prints one line per check;
exits 1 on the first failure, 3 when Apple's library is missing.

usage: retention_sheet_interop.py CONFIG.json
CONFIG: {"url", "key", "keyID", "issuer", "bundleID", "appAppleID", "root", "examples", "product",
         "approve", "controlToken", "account"}
"""
import json
import sys
import threading
import urllib.request
import uuid

try:
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
    from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
except ImportError as error:
    print(f"Apple's app-store-server-library is not installed ({error})", file=sys.stderr)
    sys.exit(3)

config = json.load(open(sys.argv[1]))
sys.path.insert(0, config["examples"])
from endpoint import endpoint  # noqa: E402  Examples/RetentionEndpoint, the one the docs show


def check(condition, message):
    if not condition:
        print(f"FAIL: {message}", file=sys.stderr)
        sys.exit(1)
    print(f"ok {message}", flush=True)


def control(method, path, body=None):
    request = urllib.request.Request(
        config["url"] + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {config['controlToken']}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        data = answer.read()
        return json.loads(data) if data else None


def cancel_sheet():
    return control("POST", f"/v1/accounts/{config['account']}/subscriptions/{config['product']}/cancel-sheet")


client = AppStoreServerAPIClient(
    open(config["key"], "rb").read(), config["keyID"], config["issuer"], config["bundleID"], Environment.LOCAL_TESTING
)
client._base_url = config["url"]

chosen, fallback = str(uuid.uuid4()), str(uuid.uuid4())
client.upload_message(chosen, UploadMessageRequestBody(header="Before you go", body="Your streak is 42 days."))
client.upload_message(fallback, UploadMessageRequestBody(header="We'd miss you", body="Your library is kept."))
for message in (chosen, fallback):
    control("POST", f"/v1/control/retention/messages/{message}/review", {"approve": True})
client.configure_default_message(config["product"], "en-US", DefaultConfigurationRequest(messageIdentifier=fallback))

root = open(config["root"], "rb").read()
answer = {"message": {"messageIdentifier": chosen}}
fast = endpoint(root, config["bundleID"], config["appAppleID"], answer)
threading.Thread(target=fast.serve_forever, daemon=True).start()
client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=f"http://127.0.0.1:{fast.server_address[1]}/"))

sheet = cancel_sheet()
check(fast.rejected == [], f"Apple's verifier accepted the request ({fast.rejected})")
check(len(fast.decoded) == 1, "the endpoint decoded one DecodedRealtimeRequestBody")
decoded = fast.decoded[0]
check(decoded.productId == config["product"] and decoded.userLocale == "en-US", "it names the product and en-US")
check(str(decoded.requestIdentifier) == sheet["exchange"]["requestIdentifier"], "the sheet names the request")
check("endpoint" in sheet["source"] and sheet["content"]["header"] == "Before you go", "the endpoint's message shown")
fast.shutdown()
fast.server_close()

slow = endpoint(root, config["bundleID"], config["appAppleID"], answer, delay_ms=1500)
threading.Thread(target=slow.serve_forever, daemon=True).start()
client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=f"http://127.0.0.1:{slow.server_address[1]}/"))
sheet = cancel_sheet()
check(sheet["content"]["header"] == "We'd miss you", "a late answer shows the default message")
check("TIMED_OUT" in sheet["source"]["fallback"]["reason"], "and says the call timed out")
slow.shutdown()
slow.server_close()

sheet = cancel_sheet()
check(sheet["content"]["header"] == "We'd miss you", "a stopped endpoint shows the default message")
check("SOCKET_ISSUE" in sheet["source"]["fallback"]["reason"], f"and says why ({sheet['source']})")
print("retention sheet interop ok")
