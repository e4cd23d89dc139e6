"""Apple's AppStoreServerAPIClient messaging methods against Kiosk's Retention Messaging API.

Calls every messaging method of app-store-server-library's AppStoreServerAPIClient (upload,
list and delete images and messages; configure, get and delete default messages and the
real-time URL; initiate a performance test and get its result), checks what comes back with
Apple's own models, and checks that bad input gets Apple's error code (APIError) and leaves
nothing stored. Prints one line per call; exits 1 on the first failure, 3 when Apple's library
is missing.

usage: retention_client_interop.py CONFIG.json
CONFIG: {"url", "key", "keyID", "issuer", "bundleID", "appAppleID", "root", "examples", "product",
         "consumableProduct", "subscription", "consumable", "approve", "controlToken"}
"""
import json
import threading
import struct
import sys
import time
import urllib.request
import uuid
import zlib

try:
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient, APIException, APIError
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.ImageSize import ImageSize
    from appstoreserverlibrary.models.ImageState import ImageState
    from appstoreserverlibrary.models.MessageState import MessageState
    from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
    from appstoreserverlibrary.models.UploadMessageImage import UploadMessageImage
    from appstoreserverlibrary.models.BulletPoint import BulletPoint
    from appstoreserverlibrary.models.HeaderPosition import HeaderPosition
    from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
    from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
    from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
    from appstoreserverlibrary.models.PerformanceTestStatus import PerformanceTestStatus
except ImportError as error:
    print(f"Apple's app-store-server-library is not installed ({error})", file=sys.stderr)
    sys.exit(3)

config = json.load(open(sys.argv[1]))
sys.path.insert(0, config["examples"])
from endpoint import endpoint  # noqa: E402  Examples/RetentionEndpoint, the one the docs show

fast = endpoint(open(config["root"], "rb").read(), config["bundleID"], config["appAppleID"], {})
threading.Thread(target=fast.serve_forever, daemon=True).start()
config["endpoint"] = f"http://127.0.0.1:{fast.server_address[1]}/retention"
client = AppStoreServerAPIClient(
    open(config["key"], "rb").read(), config["keyID"], config["issuer"], config["bundleID"], Environment.LOCAL_TESTING
)
client._base_url = config["url"]


def check(condition, message):
    if not condition:
        print(f"FAIL: {message}", file=sys.stderr)
        sys.exit(1)


def refused(call, error, what):
    try:
        call()
    except APIException as exception:
        check(exception.api_error == error, f"{what}: expected {error.name}, got {exception.raw_api_error} "
              f"({exception.error_message})")
        check(exception.error_message, f"{what}: no errorMessage")
        print(f"{what}: {error.name} ok")
        return
    check(False, f"{what}: was accepted, expected {error.name}")


def png(width, height, color_type=2):
    """A PNG of one colour (colour type 2 = RGB, 6 = RGBA)."""
    channels = 4 if color_type == 6 else 3
    row = b"\x00" + b"\x20\x40\x80\xff"[:channels] * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


def approve(kind, identifier):
    """The tester's App Review: Kiosk's control route, not part of Apple's API."""
    request = urllib.request.Request(f"{config['approve']}/{kind}/{identifier}/review", data=b'{"approve":true}',
                                     method="POST", headers={"Content-Type": "application/json",
                                                             "Authorization": f"Bearer {config['controlToken']}"})
    urllib.request.urlopen(request).read()


# Images
banner, bullet = uuid.uuid4(), uuid.uuid4()
client.upload_image(banner, png(3840, 400))
client.upload_image(bullet, png(128, 128), ImageSize.BULLET_POINT)
print("upload_image ok")
refused(lambda: client.upload_image(banner, png(3840, 400)), APIError.IMAGE_ALREADY_EXISTS, "upload_image twice")
refused(lambda: client.upload_image(uuid.uuid4(), b"GIF89a not a png"), APIError.INVALID_IMAGE, "upload_image GIF")
refused(lambda: client.upload_image(uuid.uuid4(), png(1024, 400)), APIError.INVALID_IMAGE, "upload_image 1024 wide")
refused(lambda: client.upload_image(uuid.uuid4(), png(3840, 3000)), APIError.INVALID_IMAGE, "upload_image too high")
refused(lambda: client.upload_image(uuid.uuid4(), png(3840, 400, 6)), APIError.INVALID_IMAGE, "upload_image alpha")
refused(lambda: client.upload_image(uuid.uuid4(), png(100, 50), ImageSize.BULLET_POINT), APIError.INVALID_IMAGE,
        "upload_image bullet not square")
images = client.get_image_list().imageIdentifiers
check(len(images) == 2, f"get_image_list: {len(images)} images, the refused ones stored?")
states = {item.imageIdentifier: (item.imageState, item.imageSize) for item in images}
check(states[banner] == (ImageState.PENDING, ImageSize.FULL_SIZE), f"banner {states[banner]}")
check(states[bullet] == (ImageState.PENDING, ImageSize.BULLET_POINT), f"bullet {states[bullet]}")
print("get_image_list ok")

# Messages
text, with_image = uuid.uuid4(), uuid.uuid4()
client.upload_message(text, UploadMessageRequestBody(header="Before you go", body="Your streak is 42 days."))
client.upload_message(with_image, UploadMessageRequestBody(
    header="Stay for the new lessons", body="Twelve new courses arrive this month.",
    image=UploadMessageImage(imageIdentifier=banner, altText="A shelf of new course books"),
    headerPosition=HeaderPosition.ABOVE_IMAGE,
    bulletPoints=[BulletPoint(text="Offline lessons", imageIdentifier=bullet, altText="A download arrow")]))
print("upload_message ok")
refused(lambda: client.upload_message(text, UploadMessageRequestBody(header="h", body="b")),
        APIError.MESSAGE_ALREADY_EXISTS, "upload_message twice")


refused(lambda: client._make_request(f"/inApps/v1/messaging/message/{uuid.uuid4()}", "PUT", {},
                                     None, None, None), APIError.GENERAL_BAD_REQUEST, "upload_message no body")


def send_json(path, method, body):
    url = config["url"] + path
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {client._generate_token()}"})
    try:
        urllib.request.urlopen(request).read()
        return None
    except urllib.error.HTTPError as error:
        check(error.headers.get("Content-Type") == "application/json", f"{path}: content type")
        return json.loads(error.read())["errorCode"]


def refused_json(path, body, error, what):
    code = send_json(path, "PUT", body)
    check(code == error.value, f"{what}: expected {error.name}, got {code}")
    print(f"{what}: {error.name} ok")


message_path = lambda: f"/inApps/v1/messaging/message/{uuid.uuid4()}"  # noqa: E731
refused_json(message_path(), {"header": "h" * 67, "body": "b"}, APIError.HEADER_TOO_LONG, "upload_message header 67")
refused_json(message_path(), {"header": "h", "body": "b" * 145}, APIError.BODY_TOO_LONG, "upload_message body 145")
refused_json(message_path(), {"header": "h", "body": "b", "image": {"imageIdentifier": str(banner),
             "altText": "a" * 151}}, APIError.ALT_TEXT_TOO_LONG, "upload_message altText 151")
refused_json(message_path(), {"header": "h", "body": "b", "headerPosition": "ABOVE_IMAGE"},
             APIError.BAD_REQUEST_ABOVE_IMAGE_REQUIRES_AN_IMAGE, "upload_message ABOVE_IMAGE without image")
six = [{"text": "t", "imageIdentifier": str(bullet), "altText": "a"}] * 6
refused_json(message_path(), {"header": "h", "body": "b", "bulletPoints": six},
             APIError.BAD_REQUEST_TOO_MANY_BULLET_POINTS, "upload_message 6 bullet points")
refused_json(message_path(), {"header": "h", "body": "b", "bulletPoints": [
    {"text": "t" * 67, "imageIdentifier": str(bullet), "altText": "a"}]},
             APIError.BAD_REQUEST_BULLET_POINT_TEXT_TOO_LONG, "upload_message bullet text 67")
refused_json(message_path(), {"header": "h", "body": "b", "image": {"imageIdentifier": str(uuid.uuid4()),
             "altText": "a"}}, APIError.IMAGE_NOT_FOUND, "upload_message unknown image")
refused_json(message_path(), {"header": "h", "body": "b", "image": {"imageIdentifier": str(bullet),
             "altText": "a"}}, APIError.BAD_REQUEST_IMAGE_SIZE, "upload_message bullet image as main image")
messages = client.get_message_list().messageIdentifiers
check(len(messages) == 2, f"get_message_list: {len(messages)} messages, a refused one stored?")
check(all(item.messageState == MessageState.PENDING for item in messages), "messages start PENDING")
print("get_message_list ok")

# Default messages
product, locale = config["product"], "en-US"
refused(lambda: client.configure_default_message(product, locale, DefaultConfigurationRequest(messageIdentifier=text)),
        APIError.MESSAGE_NOT_APPROVED, "configure_default_message PENDING")
approve("messages", text)
approve("messages", with_image)
refused(lambda: client.configure_default_message(product, locale,
                                                 DefaultConfigurationRequest(messageIdentifier=with_image)),
        APIError.IMAGE_NOT_APPROVED, "configure_default_message image PENDING")
refused(lambda: client.configure_default_message("com.example.none", locale,
                                                 DefaultConfigurationRequest(messageIdentifier=text)),
        APIError.INVALID_PRODUCT_ID, "configure_default_message unknown product")
refused(lambda: client.configure_default_message(config["consumableProduct"], locale,
                                                 DefaultConfigurationRequest(messageIdentifier=text)),
        APIError.INVALID_PRODUCT_ID, "configure_default_message consumable")
refused(lambda: client.configure_default_message(product, "xx-QQ", DefaultConfigurationRequest(messageIdentifier=text)),
        APIError.INVALID_LOCALE, "configure_default_message bad locale")
refused(lambda: client.get_default_message(product, locale), APIError.DEFAULT_MESSAGE_NOT_FOUND,
        "get_default_message before configuring")
client.configure_default_message(product, locale, DefaultConfigurationRequest(messageIdentifier=text))
print("configure_default_message ok")
check(client.get_default_message(product, locale).messageIdentifier == text, "get_default_message")
print("get_default_message ok")
client.delete_default_message(product, locale)
refused(lambda: client.get_default_message(product, locale), APIError.DEFAULT_MESSAGE_NOT_FOUND,
        "get_default_message after delete")
refused(lambda: client.delete_default_message(product, locale), APIError.DEFAULT_MESSAGE_NOT_FOUND,
        "delete_default_message twice")
print("delete_default_message ok")

# Deleting
refused(lambda: client.delete_image(banner), APIError.IMAGE_IN_USE, "delete_image in use")
client.delete_message(with_image)
refused(lambda: client.delete_message(with_image), APIError.MESSAGE_NOT_FOUND, "delete_message twice")
print("delete_message ok")
client.delete_image(banner)
refused(lambda: client.delete_image(banner), APIError.IMAGE_NOT_FOUND, "delete_image twice")
check(len(client.get_image_list().imageIdentifiers) == 1, "one image left")
print("delete_image ok")

# Real-time URL
refused(lambda: client.get_realtime_url(), APIError.REALTIME_URL_NOT_FOUND, "get_realtime_url before configuring")
refused(lambda: client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=config["subscription"])),
        APIError.REALTIME_URL_NOT_FOUND, "initiate_performance_test without a URL")
refused(lambda: client.configure_realtime_url(RealtimeUrlRequest(realtimeURL="ftp://example.com/retention")),
        APIError.BAD_REQUEST_REALTIME_URL, "configure_realtime_url ftp")
refused(lambda: client.get_realtime_url(), APIError.REALTIME_URL_NOT_FOUND, "the refused URL was not stored")
client.configure_realtime_url(RealtimeUrlRequest(realtimeURL="http://127.0.0.1:9/gone"))
client.delete_realtime_url()
refused(lambda: client.get_realtime_url(), APIError.REALTIME_URL_NOT_FOUND, "get_realtime_url after delete")
print("delete_realtime_url ok")
client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=config["endpoint"]))
print("configure_realtime_url ok")
check(client.get_realtime_url().realtimeURL == config["endpoint"], "get_realtime_url")
print("get_realtime_url ok")

# Performance test
refused(lambda: client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=config["consumable"])),
        APIError.INVALID_PERFORMANCE_TEST_REQUEST, "initiate_performance_test consumable")
started = client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=config["subscription"]))
check(started.requestId and started.config.responseTimeThreshold == 700, f"initiate_performance_test {started}")
print(f"initiate_performance_test ok (threshold {started.config.responseTimeThreshold} ms, "
      f"{started.config.totalRequests} requests)")
refused(lambda: client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=config["subscription"])),
        APIError.EXISTING_PERFORMANCE_TEST_RUN, "initiate_performance_test while one runs")
refused(lambda: client.get_performance_test_results("not-a-request-id"), APIError.INVALID_REQUEST_ID,
        "get_performance_test_results bad id")
refused(lambda: client.get_performance_test_results(str(uuid.uuid4())), APIError.PERFORMANCE_TEST_RUN_NOT_FOUND,
        "get_performance_test_results unknown id")
deadline = time.monotonic() + 60
while True:
    result = client.get_performance_test_results(started.requestId)
    if result.result != PerformanceTestStatus.PENDING or time.monotonic() > deadline:
        break
    time.sleep(0.2)
check(result.result == PerformanceTestStatus.PASS, f"the fast endpoint failed: {result}")
check(result.target == config["endpoint"], "target")
check(result.successRate >= started.config.successRateThreshold and result.numPending == 0, f"{result.successRate}% {result.numPending} pending")
times = result.responseTimes
check(times.p50 <= times.p90 <= times.p95 <= times.p99, f"percentiles {times}")
print(f"get_performance_test_results ok: {result.result.value}, {result.successRate}%, p50 {times.p50} ms, "
      f"p99 {times.p99} ms")
check(not fast.rejected, f"Apple's verifier rejected requests: {fast.rejected[:3]}")
check(len(fast.decoded) == started.config.totalRequests, f"{len(fast.decoded)} requests verified")
sample = fast.decoded[0]
check(sample.originalTransactionId == config["subscription"] and sample.productId == product, f"{sample}")
check(sample.appAppleId == config["appAppleID"] and sample.environment == Environment.SANDBOX, f"{sample}")
print(f"verify_and_decode_realtime_request ok: {len(fast.decoded)} requests verified")
print("errors ok")
