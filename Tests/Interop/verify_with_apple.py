#!/usr/bin/env python3
"""Verify Kiosk's JWS with Apple's app-store-server-library (the judge).

usage: verify_with_apple.py INPUT.json > REPORT.json

INPUT: {"bundleId": str, "cases": [{"name", "method", "jws", "root"}]}, where method is one of
transaction | renewal | notification | app and root is the trusted root as base64 DER.
REPORT: {"library": version, "cases": {name: {"status", "decoded", "problems"}}}; a
notification also yields "<name>.signedTransactionInfo" and "<name>.signedRenewalInfo".

The library decodes leniently (unknown keys ignored, "9990" coerced to 9990, unknown enum
values kept as raw strings), so besides its verdict this script compares every raw payload key
with the decoded model (value and type) and with Apple's field list and types (reference §3).
Exit status 3 means the library is not installed.
"""
import base64
import enum
import json
import sys

try:
    import attrs
    from importlib.metadata import version
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
except ImportError as error:  # pragma: no cover - reported to the Swift test
    print(f"app-store-server-library is not installed: {error}", file=sys.stderr)
    sys.exit(3)

S, I, B, L, D = str, int, bool, list, dict

# Apple's fields and JSON types (reference/apple-signed-data.md section 3).
FIELDS = {
    "transaction": {
        **dict.fromkeys(
            "originalTransactionId transactionId webOrderLineItemId bundleId productId "
            "subscriptionGroupIdentifier type appAccountToken inAppOwnershipType offerIdentifier "
            "environment storefront storefrontId transactionReason currency offerDiscountType "
            "appTransactionId offerPeriod revocationType billingPlanType".split(), S),
        **dict.fromkeys(
            "purchaseDate originalPurchaseDate expiresDate quantity signedDate revocationReason "
            "revocationDate offerType price revocationPercentage".split(), I),
        "isUpgraded": B, "advancedCommerceInfo": D, "commitmentInfo": D,
    },
    "renewal": {
        **dict.fromkeys(
            "originalTransactionId autoRenewProductId productId offerIdentifier environment currency "
            "offerDiscountType appAccountToken appTransactionId offerPeriod renewalBillingPlanType".split(), S),
        **dict.fromkeys(
            "expirationIntent autoRenewStatus priceIncreaseStatus gracePeriodExpiresDate offerType "
            "signedDate recentSubscriptionStartDate renewalDate renewalPrice".split(), I),
        "isInBillingRetryPeriod": B, "eligibleWinBackOfferIds": L, "advancedCommerceInfo": D,
        "commitmentInfo": D,
    },
    "transaction.commitmentInfo": {
        **dict.fromkeys(
            "billingPeriodNumber commitmentExpiresDate commitmentPrice totalBillingPeriods".split(), I),
    },
    "renewal.commitmentInfo": {
        **dict.fromkeys(
            "commitmentAutoRenewProductId commitmentRenewalBillingPlanType".split(), S),
        **dict.fromkeys("commitmentAutoRenewStatus commitmentRenewalDate commitmentRenewalPrice".split(), I),
    },
    "app": {
        **dict.fromkeys(
            "receiptType bundleId applicationVersion originalApplicationVersion deviceVerification "
            "deviceVerificationNonce appTransactionId originalPlatform".split(), S),
        **dict.fromkeys(
            "appAppleId versionExternalIdentifier receiptCreationDate originalPurchaseDate preorderDate".split(), I),
    },
    "notification": {
        **dict.fromkeys("notificationType subtype notificationUUID version".split(), S),
        "signedDate": I, "data": D, "summary": D, "appData": D, "externalPurchaseToken": D,
    },
    "notification.data": {
        **dict.fromkeys(
            "environment bundleId bundleVersion signedTransactionInfo signedRenewalInfo "
            "consumptionRequestReason".split(), S),
        "appAppleId": I, "status": I,
    },
    "notification.summary": {
        **dict.fromkeys("environment bundleId productId requestIdentifier".split(), S),
        "appAppleId": I, "succeededCount": I, "failedCount": I, "storefrontCountryCodes": L,
    },
    "notification.appData": {
        **dict.fromkeys("environment bundleId signedAppTransactionInfo".split(), S), "appAppleId": I,
    },
}

METHODS = {
    "transaction": "verify_and_decode_signed_transaction",
    "renewal": "verify_and_decode_renewal_info",
    "notification": "verify_and_decode_notification",
    "app": "verify_and_decode_app_transaction",
}


def segment(jws, index):
    text = jws.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def compare(kind, raw, model, path, problems):
    """Every raw key must be a field of Apple's list with its JSON type, and decode to the same
    value and type in the library's model. Returns the decoded values as plain JSON."""
    table = FIELDS[kind]
    decoded = {}
    for key, value in raw.items():
        where = f"{path}{key}"
        expected_type = table.get(key)
        if expected_type is None:
            problems.append(f"{where}: not a field of Apple's {kind} payload")
        elif type(value) is not expected_type:
            problems.append(f"{where}: JSON type {type(value).__name__}, Apple's is {expected_type.__name__}")
        raw_name = "raw" + key[0].upper() + key[1:]
        if hasattr(model, raw_name):
            typed = getattr(model, key)
            if typed is None:
                problems.append(f"{where}: {value!r} is not a value of Apple's enum")
            got = getattr(model, raw_name)
        elif hasattr(model, key):
            got = getattr(model, key)
        else:
            problems.append(f"{where}: Apple's model has no such field")
            continue
        if attrs.has(type(got)):
            got = compare(f"{kind}.{key}", value, got, f"{where}.", problems)
        elif isinstance(got, enum.Enum):
            got = got.value
        if got != value or type(got) is not type(value):
            problems.append(f"{where}: decoded as {got!r} ({type(got).__name__}), sent {value!r}")
        decoded[key] = got
    return decoded


def run(case, bundle_id, report):
    root = base64.b64decode(case["root"])
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, bundle_id)
    method = case["method"]
    result = {"status": "OK", "decoded": None, "problems": []}
    report[case["name"]] = result
    try:
        model = getattr(verifier, METHODS[method])(case["jws"])
    except VerificationException as error:
        result["status"] = error.status.name
        return
    header = segment(case["jws"], 0)
    if sorted(header) != ["alg", "x5c"]:
        result["problems"].append(f"header keys are {sorted(header)}, Apple's are alg and x5c")
    result["decoded"] = compare(method, segment(case["jws"], 1), model, "", result["problems"])
    if method == "notification" and model.data is not None:
        for field, nested in (("signedTransactionInfo", "transaction"), ("signedRenewalInfo", "renewal")):
            jws = getattr(model.data, field)
            if jws is not None:
                run({"name": f"{case['name']}.{field}", "method": nested, "jws": jws, "root": case["root"]},
                    bundle_id, report)


def main():
    with open(sys.argv[1]) as file:
        request = json.load(file)
    report = {}
    for case in request["cases"]:
        run(case, request["bundleId"], report)
    json.dump({"library": version("app-store-server-library"), "cases": report}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
