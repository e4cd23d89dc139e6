"""A customer's history exported with Apple's AppStoreServerAPIClient, as a developer would
for a support ticket, and every signed value decoded with Apple's SignedDataVerifier.

Writes into OUTDIR the JSON bodies `kiosk state import-history` reads:
  history-N.json   Get Transaction History, one file per page (hasMore/revision)
  statuses.json    Get All Subscription Statuses
  info.json        Get Transaction Info of the first transaction
and fields.json: each transaction's and renewal info's decoded fields (all but signedDate),
keyed "transaction ID" and "renewal ORIGINAL_ID", for comparing two servers field by field.
Exits 1 on a failure, 3 when Apple's library is missing.

usage: history_export.py CONFIG.json OUTDIR
CONFIG: {"url", "key", "keyID", "issuer", "bundleID", "appAppleID", "root", "transaction"}
"""
import json
import os
import sys

try:
    import attr
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest, Order
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
except ImportError as error:
    print(f"Apple's app-store-server-library is not installed ({error})", file=sys.stderr)
    sys.exit(3)

config = json.load(open(sys.argv[1]))
out = sys.argv[2]
client = AppStoreServerAPIClient(
    open(config["key"], "rb").read(), config["keyID"], config["issuer"], config["bundleID"], Environment.LOCAL_TESTING
)
client._base_url = config["url"]
verifier = SignedDataVerifier(
    [open(config["root"], "rb").read()], False, Environment.SANDBOX, config["bundleID"], config["appAppleID"]
)
first = str(config["transaction"])
fields = {}


def plain(decoded):
    # The raw* fields hold what was on the wire; the enum fields beside them are derived.
    values = attr.asdict(decoded)
    return {key: value for key, value in values.items() if key != "signedDate" and f"raw{key[0].upper()}{key[1:]}" not in values}


def write(name, body):
    with open(os.path.join(out, name), "w") as file:
        json.dump(body, file, indent=2)


revision = None
page = 0
while True:
    page += 1
    response = client.get_transaction_history(first, revision, TransactionHistoryRequest(sort=Order.ASCENDING))
    for jws in response.signedTransactions:
        decoded = verifier.verify_and_decode_signed_transaction(jws)
        fields[f"transaction {decoded.transactionId}"] = plain(decoded)
    write(
        f"history-{page}.json",
        {
            "revision": response.revision,
            "bundleId": response.bundleId,
            "appAppleId": response.appAppleId,
            "environment": response.rawEnvironment,
            "hasMore": response.hasMore,
            "signedTransactions": response.signedTransactions,
        },
    )
    revision = response.revision
    if not response.hasMore:
        break

statuses = client.get_all_subscription_statuses(first)
groups = []
for group in statuses.data or []:
    items = []
    for item in group.lastTransactions:
        renewal = verifier.verify_and_decode_renewal_info(item.signedRenewalInfo)
        fields[f"renewal {renewal.originalTransactionId}"] = plain(renewal)
        items.append(
            {
                "status": item.rawStatus,
                "originalTransactionId": item.originalTransactionId,
                "signedTransactionInfo": item.signedTransactionInfo,
                "signedRenewalInfo": item.signedRenewalInfo,
            }
        )
    groups.append({"subscriptionGroupIdentifier": group.subscriptionGroupIdentifier, "lastTransactions": items})
write(
    "statuses.json",
    {"environment": statuses.rawEnvironment, "bundleId": statuses.bundleId, "appAppleId": statuses.appAppleId, "data": groups},
)
write("info.json", {"signedTransactionInfo": client.get_transaction_info(first).signedTransactionInfo})
write("fields.json", fields)
print(f"exported {page} history pages, {len(groups)} subscription groups, {len(fields)} decoded values")
