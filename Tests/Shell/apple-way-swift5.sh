#!/usr/bin/env bash
# Tests/AppleWayTests (a test file written only from Apple's StoreKitTest documentation) in the
# Swift 5 language mode; `swift test` has already run it in the Swift 6 mode. Only that target
# is rebuilt (KIOSK_APPLE_WAY_SWIFT5 changes its flags alone); the next plain build rebuilds it
# in Swift 6 again.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "apple's way: swift 5 language mode"
KIOSK_APPLE_WAY_SWIFT5=1 swift build --build-tests
KIOSK_APPLE_WAY_SWIFT5=1 swift test --skip-build --filter AppleWayTests
echo "apple's way: passed in the swift 5 language mode"
