#!/usr/bin/env python3
"""Make signed data with Python's `cryptography` and Apple's library, for Kiosk to verify.

usage: sign_with_python.py > OUTPUT.json

OUTPUT: {"root": base64 DER, "jws": a signed transaction whose Apple-shaped chain (P-384 root and
intermediate, P-256 leaf, marker OIDs) and raw R||S signature were all made by `cryptography`,
"transaction": its payload, "publicKey": PEM of a P-256 .p8 key, "keyId", "issuerId", "bundleId",
"legacyOffer": {nonce, timestamp, signature} from PromotionalOfferSignatureCreator,
"offerV2": a PromotionalOfferV2SignatureCreator JWS, "introEligibility": an
IntroductoryOfferEligibilitySignatureCreator JWS (pro.monthly, allowed, transaction 2000000123456789), "apiToken": the bearer token Apple's
AppStoreServerAPIClient sends}. Exit status 3 means the library is not installed.
"""
import base64
import datetime
import json
import sys
import time
import uuid

try:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    from cryptography.x509.oid import NameOID
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
    from appstoreserverlibrary.jws_signature_creator import (
        IntroductoryOfferEligibilitySignatureCreator, PromotionalOfferV2SignatureCreator)
except ImportError as error:  # pragma: no cover - reported to the Swift test
    print(f"app-store-server-library is not installed: {error}", file=sys.stderr)
    sys.exit(3)

BUNDLE_ID = "com.example.paywall"
KEY_ID = "ABC123DEFG"
ISSUER_ID = "57246542-96fe-1a63-e053-0824d011072a"
NOW = datetime.datetime.now(datetime.timezone.utc)


def certificate(name, key, issuer_name, issuer_key, ca, marker, pathlen=None):
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer_name)]))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW - datetime.timedelta(days=1))
        .not_valid_after(NOW + datetime.timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=pathlen), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=not ca, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                encipher_only=False, decipher_only=False),
            critical=True)
    )
    if ca:
        builder = builder.add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    if issuer_key is not key:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if marker:
        builder = builder.add_extension(
            x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hashes.SHA384() if isinstance(issuer_key.curve, ec.SECP384R1) else hashes.SHA256())


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def main():
    root_key = ec.generate_private_key(ec.SECP384R1())
    intermediate_key = ec.generate_private_key(ec.SECP384R1())
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    root = certificate("Python Root", root_key, "Python Root", root_key, True, None)
    intermediate = certificate(
        "Python Intermediate", intermediate_key, "Python Root", root_key, True, "1.2.840.113635.100.6.2.1", 0)
    leaf = certificate("Python Leaf", leaf_key, "Python Intermediate", intermediate_key, False,
                       "1.2.840.113635.100.6.11.1")
    der = [c.public_bytes(serialization.Encoding.DER) for c in (leaf, intermediate, root)]

    now_ms = int(time.time() * 1000)
    transaction = {
        "originalTransactionId": "2000000123456789", "transactionId": "2000000123456789",
        "bundleId": BUNDLE_ID, "productId": "pro.monthly", "purchaseDate": now_ms - 60_000,
        "originalPurchaseDate": now_ms - 60_000, "quantity": 1, "type": "Non-Consumable",
        "inAppOwnershipType": "PURCHASED", "signedDate": now_ms, "environment": "Sandbox",
        "storefront": "USA", "storefrontId": "143441", "transactionReason": "PURCHASE",
        "currency": "USD", "price": 4990, "appTransactionId": "704000000000000001",
    }
    header = {"alg": "ES256", "x5c": [base64.b64encode(d).decode() for d in der]}
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(transaction).encode())
    r, s = decode_dss_signature(leaf_key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    jws = signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))

    api_key = ec.generate_private_key(ec.SECP256R1())
    pem = api_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    nonce = uuid.uuid4()
    legacy = PromotionalOfferSignatureCreator(pem, KEY_ID, BUNDLE_ID).create_signature(
        "pro.monthly", "promo.50off", "User-Name-Hash", nonce, now_ms)
    offer_v2 = PromotionalOfferV2SignatureCreator(pem, KEY_ID, ISSUER_ID, BUNDLE_ID).create_signature(
        "pro.monthly", "promo.50off", "2000000123456789")
    intro_eligibility = IntroductoryOfferEligibilitySignatureCreator(
        pem, KEY_ID, ISSUER_ID, BUNDLE_ID).create_signature("pro.monthly", True, "2000000123456789")
    client = AppStoreServerAPIClient(pem, KEY_ID, ISSUER_ID, BUNDLE_ID, Environment.SANDBOX)

    json.dump({
        "root": base64.b64encode(der[2]).decode(), "jws": jws, "transaction": transaction,
        "publicKey": api_key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
        "keyId": KEY_ID, "issuerId": ISSUER_ID, "bundleId": BUNDLE_ID,
        "legacyOffer": {"nonce": str(nonce), "timestamp": now_ms, "signature": legacy,
                        "applicationUsername": "User-Name-Hash"},
        "offerV2": offer_v2, "introEligibility": intro_eligibility, "apiToken": client._generate_token(),
    }, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
