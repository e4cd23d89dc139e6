#!/usr/bin/env bash
# Examples/PurchaseManager, as a developer's own package would use Kiosk: it depends on Kiosk by
# path, builds and runs its tests through SKTestSession, in the Swift 6 language mode and again
# in the Swift 5 mode (a Task.detached listener written as Apple's sample writes it).
# Its .build is its own (a second build of the library part of Kiosk, no tests, no terminal
# layer); the Swift 5 pass rebuilds only the example's two targets.
set -euo pipefail
cd "$(dirname "$0")/../../Examples/PurchaseManager"
echo "example: swift 6 language mode"
swift build --build-tests
swift test --skip-build
echo "example: swift 5 language mode"
KIOSK_SWIFT5=1 swift build --build-tests
KIOSK_SWIFT5=1 swift test --skip-build
echo "example: passed in both language modes"
