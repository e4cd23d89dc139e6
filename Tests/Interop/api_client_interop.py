"""Apple's AppStoreServerAPIClient against Kiosk's App Store Server API.

Calls every endpoint the client has for transactions, subscriptions, notifications and
extensions, and verifies every signed field it gets with Apple's SignedDataVerifier (SANDBOX,
our root, online checks off). Prints one line per call; exits 1 on the first failure, 3 when
Apple's library is missing.

usage: api_client_interop.py CONFIG.json
CONFIG: {"url", "key", "keyID", "issuer", "bundleID", "appAppleID", "root",
         "subscription", "consumable", "refunded", "product"}
"""
import json
import sys
import uuid

try:
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient, APIException
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest, Order, ProductType
    from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
    from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
    from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
    from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
    from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
    from appstoreserverlibrary.models.RefundPreference import RefundPreference
    from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
    from appstoreserverlibrary.models.Status import Status
    from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
except ImportError as error:
    print(f"Apple's app-store-server-library is not installed ({error})", file=sys.stderr)
    sys.exit(3)

config = json.load(open(sys.argv[1]))
client = AppStoreServerAPIClient(
    open(config["key"], "rb").read(), config["keyID"], config["issuer"], config["bundleID"], Environment.LOCAL_TESTING
)
client._base_url = config["url"]
verifier = SignedDataVerifier(
    [open(config["root"], "rb").read()], False, Environment.SANDBOX, config["bundleID"], config["appAppleID"]
)
subscription = str(config["subscription"])
consumable = str(config["consumable"])
refunded = str(config["refunded"])
verified = 0


def check(condition, message):
    if not condition:
        print(f"FAIL: {message}", file=sys.stderr)
        sys.exit(1)


def transaction(jws):
    global verified
    verified += 1
    return verifier.verify_and_decode_signed_transaction(jws)


def renewal(jws):
    global verified
    verified += 1
    return verifier.verify_and_decode_renewal_info(jws)


def notification(jws):
    global verified
    verified += 1
    decoded = verifier.verify_and_decode_notification(jws)
    if decoded.data is not None and decoded.data.signedTransactionInfo:
        transaction(decoded.data.signedTransactionInfo)
    if decoded.data is not None and decoded.data.signedRenewalInfo:
        renewal(decoded.data.signedRenewalInfo)
    return decoded


info = client.get_transaction_info(subscription)
check(transaction(info.signedTransactionInfo).transactionId == subscription, "transaction info")
print("get_transaction_info ok")

history = client.get_transaction_history(consumable, None, TransactionHistoryRequest(sort=Order.DESCENDING))
ids = [transaction(jws).transactionId for jws in history.signedTransactions]
check(len(ids) >= 3 and ids == sorted(ids, reverse=True), f"history descending: {ids}")
check(history.bundleId == config["bundleID"] and history.appAppleId == config["appAppleID"], "history identity")
only = client.get_transaction_history(
    consumable, None,
    TransactionHistoryRequest(productTypes=[ProductType.CONSUMABLE], revoked=False),
    GetTransactionHistoryVersion.V2,
)
check([transaction(j).transactionId for j in only.signedTransactions] == [consumable], "history filters")
print("get_transaction_history ok")

statuses = client.get_all_subscription_statuses(subscription, [Status.ACTIVE])
last = statuses.data[0].lastTransactions[0]
check(last.status == Status.ACTIVE and last.originalTransactionId == subscription, "statuses")
transaction(last.signedTransactionInfo)
check(renewal(last.signedRenewalInfo).originalTransactionId == subscription, "renewal info")
check(client.get_all_subscription_statuses(subscription, [Status.EXPIRED]).data == [], "status filter")
print("get_all_subscription_statuses ok")

refunds = client.get_refund_history(refunded, None)
check([transaction(j).transactionId for j in refunds.signedTransactions] == [refunded], "refund history")
print("get_refund_history ok")

order = client.look_up_order_id(config["order"])
check(order.status == 0 and transaction(order.signedTransactions[0]).transactionId == consumable, "order lookup")
check(client.look_up_order_id("NOPE0000").status == 1, "unknown order")
print("look_up_order_id ok")

app = client.get_app_transaction_info(subscription)
verified += 1
check(verifier.verify_and_decode_app_transaction(app.signedAppTransactionInfo).bundleId == config["bundleID"], "app tx")
print("get_app_transaction_info ok")

token = client.request_test_notification().testNotificationToken
status = client.get_test_notification_status(token)
check(notification(status.signedPayload).notificationType.value == "TEST", "test notification")
print("test notification ok")

extended = client.extend_subscription_renewal_date(
    subscription,
    ExtendRenewalDateRequest(extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION,
                             requestIdentifier=str(uuid.uuid4())),
)
check(extended.success and extended.originalTransactionId == subscription, "extension")
after = transaction(client.get_transaction_info(subscription).signedTransactionInfo)
check(after.expiresDate == extended.effectiveDate, "extension moved expiresDate")
print("extend_subscription_renewal_date ok")

request_id = str(uuid.uuid4())
mass = client.extend_renewal_date_for_all_active_subscribers(
    MassExtendRenewalDateRequest(extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE,
                                 requestIdentifier=request_id, storefrontCountryCodes=[],
                                 productId=config["product"])
)
check(mass.requestIdentifier == request_id, "mass extension")
mass_status = client.get_status_of_subscription_renewal_date_extensions(request_id, config["product"])
check(mass_status.complete and mass_status.succeededCount == 1, f"mass status {mass_status}")
print("mass extension ok")

history = client.get_notification_history(None, NotificationHistoryRequest(startDate=0, endDate=2**53))
types = [notification(item.signedPayload).notificationType.value for item in history.notificationHistory]
check("RENEWAL_EXTENDED" in types and "SUBSCRIBED" in types, f"notification history {types}")
extensions = client.get_notification_history(
    None, NotificationHistoryRequest(startDate=0, endDate=2**53, notificationType="RENEWAL_EXTENSION"))
decoded = notification(extensions.notificationHistory[0].signedPayload)
check(decoded.summary.requestIdentifier == request_id and decoded.summary.succeededCount == 1, "summary")
print("get_notification_history ok")

client.send_consumption_information(
    consumable,
    ConsumptionRequest(customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
                       consumptionPercentage=25000, refundPreference=RefundPreference.DECLINE),
)
print("send_consumption_information ok")

account_token = str(uuid.uuid4())
client.set_app_account_token(subscription, UpdateAppAccountTokenRequest(appAccountToken=account_token))
check(transaction(client.get_transaction_info(subscription).signedTransactionInfo).appAccountToken == account_token,
      "app account token")
print("set_app_account_token ok")

client.finish_transaction(consumable)
print("finish_transaction ok")

try:
    client.get_transaction_info("1")
    check(False, "unknown transaction answered")
except APIException as error:
    check(error.http_status_code == 404 and error.raw_api_error == 4040010, f"404 code {error.raw_api_error}")
print("errors ok")
print(f"verified {verified} signed values")
