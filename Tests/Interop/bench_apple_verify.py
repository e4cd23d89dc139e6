#!/usr/bin/env python3
"""Time Apple's library verifying Kiosk's JWS (the anchor of `kiosk-bench signing`).

usage: bench_apple_verify.py INPUT.json
INPUT: {"bundleId": str, "root": base64 DER, "tokens": [signed transactions]}
Prints one line: `<verifications per second> <count>`. Single thread, online checks off
(so the full chain is checked on every call, as the library does in that mode).
"""
import base64
import json
import sys
import time

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

with open(sys.argv[1]) as file:
    request = json.load(file)
verifier = SignedDataVerifier([base64.b64decode(request["root"])], False, Environment.SANDBOX, request["bundleId"])
tokens = request["tokens"]
verifier.verify_and_decode_signed_transaction(tokens[0])  # warm imports and caches
start = time.perf_counter()
for token in tokens:
    verifier.verify_and_decode_signed_transaction(token)
elapsed = time.perf_counter() - start
print(f"{len(tokens) / elapsed:.1f} {len(tokens)}")
