#!/usr/bin/env bash
# `kiosk xctest` as a developer runs it, on three Xcode project layouts: the example project
# (Examples/XcodeApp, synchronized folders, default main-actor isolation), and the fixtures
# Synced (synchronized folders with an exception set), Classic (classic groups, Swift 5, the
# .storekit from the scheme, XCTExpectFailure through Kiosk's bridge) and Workspace (a
# .xcworkspace whose scheme's test plan runs an XCTest and a Swift Testing target, skips a test of
# each and names the .storekit). Checks each JUnit report
# and exit status; that a failing assertion and a compiler error (in a copy of Synced) name the
# project's files, not the package's links; then the bad inputs' messages and that they write
# nothing.
# One shared scratch path: Kiosk's library half is compiled for the first package only.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product kiosk
kiosk=.build/debug/kiosk
scratch="${KIOSK_XCTEST_SCRATCH:-$PWD/.build/xctest}"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
fixtures=Tests/XcodeProjectTests/Fixtures

# Runs kiosk xctest, expecting exit status $1; the rest are its arguments.
run() {
    local expected=$1 status=0
    shift
    "$kiosk" xctest "$@" --scratch-path "$scratch" >"$reports/out" 2>&1 || status=$?
    if [[ $status != "$expected" ]]; then
        cat "$reports/out"
        echo "FAIL: kiosk xctest $* exited $status, expected $expected"
        exit 1
    fi
}
# Fails unless file $1 holds the text $2.
holds() {
    grep -qF -- "$2" "$1" || { cat "$1"; echo "FAIL: $1 does not hold: $2"; exit 1; }
}

echo "xctest: Examples/XcodeApp"
run 0 Examples/XcodeApp/XcodeApp.xcodeproj --junit "$reports/example.xml"
holds "$reports/out" "left out of XcodeApp: $PWD/Examples/XcodeApp/XcodeApp/ContentView.swift (imports SwiftUI"
holds "$reports/out" "kiosk xctest: 5 tests: 5 passed, 0 failed, 0 skipped, 0 expected failures"
holds "$reports/example.xml" '<testsuites name="XcodeAppTests" tests="5" failures="0" skipped="0"'

echo "xctest: Synced (synchronized folders)"
run 0 "$fixtures/Synced/Synced.xcodeproj" --junit "$reports/synced.xml"
holds "$reports/synced.xml" '<testcase classname="SyncedTests.EntitlementsTests" name="testABoughtSubscriptionIsOwned"'
holds "$reports/synced.xml" 'tests="1" failures="0" skipped="0"'

echo "xctest: Classic (classic groups, the scheme's .storekit)"
run 0 "$fixtures/Classic/Classic.xcodeproj" --scheme-or-target ClassicTests --junit "$reports/classic.xml"
holds "$reports/classic.xml" '<testsuites name="ClassicTests" tests="2" failures="0" skipped="0"'
# The scheme runs both its testables, BridgeTests' deliberate failure included: one report, the
# worst status.
run 1 "$fixtures/Classic/Classic.xcodeproj" --scheme-or-target Classic --junit "$reports/scheme.xml"
holds "$reports/out" "kiosk xctest: 2 targets: 6 tests: 3 passed, 1 failed, 0 skipped, 2 expected failures"
holds "$reports/scheme.xml" '<testsuites name="Classic" tests="6" failures="1" skipped="2"'
holds "$reports/scheme.xml" '<testsuite name="ClassicTests" tests="2" failures="0" skipped="0"'
holds "$reports/scheme.xml" '<testsuite name="BridgeTests" tests="4" failures="1" skipped="2"'

echo "xctest: Classic's BridgeTests (XCTExpectFailure)"
run 1 "$fixtures/Classic/Classic.xcodeproj" --scheme-or-target BridgeTests --junit "$reports/bridge.xml"
holds "$reports/out" "kiosk xctest: 4 tests: 1 passed, 1 failed, 0 skipped, 2 expected failures"
holds "$reports/bridge.xml" "<skipped message=\"expected failure: Ask to Buy is ignored by Xcode 15's sessions\"/>"
holds "$reports/bridge.xml" '<skipped message="expected failure: only this assertion"/>'
holds "$reports/bridge.xml" 'name="testANonStrictExpectationMayPass" time='
holds "$reports/bridge.xml" 'expected a failure that did not happen: this should have failed'

echo "xctest: Workspace (a workspace scheme's test plan, XCTest and Swift Testing targets)"
shop="$PWD/$fixtures/Workspace/Shop"
run 0 "$fixtures/Workspace/Shop.xcworkspace" --scheme-or-target Shop --junit "$reports/workspace.xml"
holds "$reports/out" "kiosk xctest: ShopTests: 1 tests: 1 passed, 0 failed, 0 skipped, 0 expected failures"
holds "$reports/out" "kiosk xctest: ShopSwiftTests: 3 tests: 1 passed, 0 failed, 1 skipped, 1 expected failure"
holds "$reports/out" "kiosk xctest: 2 targets: 4 tests: 2 passed, 0 failed, 1 skipped, 1 expected failure"
holds "$reports/out" "kiosk xctest: compiled Kiosk's half in "
holds "$reports/workspace.xml" '<testsuites name="Shop" tests="4" failures="0" skipped="2"'
holds "$reports/workspace.xml" '<testsuite name="ShopTests" tests="1" failures="0" skipped="0"'
holds "$reports/workspace.xml" '<testsuite name="ShopSwiftTests" tests="3" failures="0" skipped="2"'
holds "$reports/workspace.xml" '<testcase classname="ShopSwiftTests.EntitlementTests" name="aBoughtUnlockIsOwned()"'
holds "$reports/workspace.xml" '<skipped message="expected failure: a known bug, reported as an expected failure"/>'
holds "$reports/workspace.xml" "$shop/ShopSwiftTests/EntitlementTests.swift:31: Expectation failed"
! grep -F "ByThePlan" "$reports/workspace.xml" || { echo "FAIL: a test the plan skips ran"; exit 1; }
# The project's own scheme: each testable's <SkippedTests> and <SelectedTests>.
run 0 "$fixtures/Workspace/Shop/Shop.xcodeproj" --scheme-or-target AllTests --junit "$reports/alltests.xml"
holds "$reports/out" "kiosk xctest: 2 targets: 2 tests: 2 passed, 0 failed, 0 skipped, 0 expected failures"
# The Swift Testing target alone runs the test the plan skips, which fails at its line.
run 1 "$fixtures/Workspace/Shop.xcworkspace" --scheme-or-target ShopSwiftTests --junit "$reports/swift.xml"
holds "$reports/out" "kiosk xctest: 4 tests: 1 passed, 1 failed, 1 skipped, 1 expected failure"
holds "$reports/swift.xml" "<failure message=\"$shop/ShopSwiftTests/EntitlementTests.swift:39: Issue recorded - the test plan skips this test\""
run 65 "$fixtures/Workspace/Shop.xcworkspace" --scheme-or-target Shop --test-plan Nightly
holds "$reports/out" "kiosk xctest: the scheme Shop has no test plan 'Nightly'; its test plans: Shop"

echo "xctest: Modular (an app target, a framework target and a local package; os, OSLog, SwiftUI for the model)"
modular="$PWD/$fixtures/Modular"
run 0 "$fixtures/Modular/Modular.xcodeproj" --junit "$reports/modular.xml"
holds "$reports/out" "kiosk xctest: 4 tests: 4 passed, 0 failed, 0 skipped, 0 expected failures"
holds "$reports/out" "left out of Modular: $modular/Modular/ShopView.swift (imports SwiftUI (line 1) and uses its View (line 4))"
holds "$reports/out" "left out of Modular: $modular/Modular/RenewalReminder.swift (imports UserNotifications (line 2), which Linux does not have)"
holds "$reports/out" "$modular/ModularTests/ShopModelTests.swift:13: note: awaits super.setUp() in a @MainActor test class"
# Bundle(for:) found the .storekit, Bundle.main the app's plist, Bundle.module the package's JSON.
holds "$reports/modular.xml" 'name="testTheAppsProductListIsInTheMainBundle"'
holds "$reports/modular.xml" '<testsuites name="ModularTests" tests="4" failures="0" skipped="0"'
grep -q 'name: "AppCore", dependencies: \[.product(name: "StoreKit", package: "Kiosk"), .product(name: "os", package: "Kiosk")\]' \
    "$fixtures/Modular/.kiosk/xctest/ModularTests/Package.swift" || { echo "FAIL: AppCore's module"; exit 1; }

echo "xctest: PurchasesPackage (a developer's own Swift package, by its folder)"
run 0 "$fixtures/PurchasesPackage" --junit "$reports/package.xml"
holds "$reports/out" "kiosk xctest: 2 tests: 2 passed, 0 failed, 0 skipped, 0 expected failures"
holds "$reports/package.xml" 'name="testTheConfigurationIsAResourceOfTheModule"'

echo "xctest: refused before compiling, at the line, with the edit (the field's failure classes)"
refusals="$fixtures/Refused"
run 65 --tests "$refusals/StoreKit1/Tests" --configuration "$refusals/Products.storekit"
holds "$reports/out" "ReceiptTests.swift:5: error: uses SKPaymentTransactionObserver, original StoreKit's (StoreKit 1) API"
run 65 --sources "$refusals/FoundationGap/App" --tests "$refusals/FoundationGap/Tests" --configuration "$refusals/Products.storekit"
holds "$reports/out" "RenewalText.swift:7: error: uses DateComponentsFormatter, which Linux's Foundation marks unavailable"
# The `#else` of `#if os(macOS)` is what Linux compiles: its UIKit is named, not passed over.
run 65 --sources "$refusals/PlatformSwitch/App" --tests "$refusals/PlatformSwitch/Tests" --configuration "$refusals/Products.storekit"
holds "$reports/out" "PurchaseAlert.swift:4: error: imports UIKit, which Linux does not have"
# Offline, so that a machine with a network does not clone RevenueCat (fetching is tested below).
run 65 "$refusals/RemotePackage" --offline
holds "$reports/out" "Paywall.swift:1: error: imports RevenueCat, a product of the remote package https://github.com/RevenueCat/purchases-ios, which kiosk xctest did not fetch (--offline)"
holds "$reports/out" "give a checkout of it with --packages DIR (DIR holding purchases-ios/)"
run 65 "$refusals/Generated"
holds "$reports/out" "holds no .xcodeproj, only project.yml, the recipe XcodeGen (\`xcodegen generate\`) makes one from"
for refused in StoreKit1 FoundationGap PlatformSwitch RemotePackage Generated; do
    [[ ! -e "$refusals/$refused/.kiosk" ]] || { echo "FAIL: a refused run wrote $refusals/$refused/.kiosk"; exit 1; }
done

echo "xctest: a remote package is fetched at the revision Package.resolved pins"
# The "remote" is a git repository on this machine: its second commit would fail the test.
remote=$(mktemp -d)
mkdir -p "$remote/badges/Sources/Badges" "$remote/Shop/Sources/Shop" "$remote/Shop/Tests/ShopTests"
cat >"$remote/badges/Package.swift" <<'SWIFT'
// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "Badges", products: [.library(name: "Badges", targets: ["Badges"])], targets: [.target(name: "Badges")])
SWIFT
echo 'public enum Badge { public static let pro = "Pro" }' >"$remote/badges/Sources/Badges/Badge.swift"
git -C "$remote/badges" init --quiet
git -C "$remote/badges" add .
git -C "$remote/badges" -c user.name=Kiosk -c user.email=kiosk@example.com commit --quiet -m one
pinned=$(git -C "$remote/badges" rev-parse HEAD)
echo 'public enum Badge { public static let pro = "Gold" }' >"$remote/badges/Sources/Badges/Badge.swift"
git -C "$remote/badges" -c user.name=Kiosk -c user.email=kiosk@example.com commit --quiet -am two
cat >"$remote/Shop/Package.swift" <<SWIFT
// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "Shop", dependencies: [.package(url: "$remote/badges", from: "1.0.0")],
    targets: [
        .target(name: "Shop", dependencies: [.product(name: "Badges", package: "badges")]),
        .testTarget(name: "ShopTests", dependencies: ["Shop"], resources: [.copy("Products.storekit")]),
    ])
SWIFT
cat >"$remote/Shop/Package.resolved" <<JSON
{"pins": [{"identity": "badges", "kind": "remoteSourceControl", "location": "$remote/badges",
  "state": {"revision": "$pinned", "version": "1.0.0"}}], "version": 2}
JSON
cat >"$remote/Shop/Sources/Shop/Plan.swift" <<'SWIFT'
import Badges
import StoreKit

public enum Plan {
    public static func title(_ product: Product) -> String { "\(product.displayName) (\(Badge.pro))" }
}
SWIFT
cat >"$remote/Shop/Tests/ShopTests/PlanTests.swift" <<'SWIFT'
import StoreKit
import StoreKitTest
import XCTest

@testable import Shop

final class PlanTests: XCTestCase {
    func testThePlanNamesTheBadge() async throws {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.resetToDefaultState()
        let products = try await Product.products(for: ["com.example.xcodeapp.club.monthly"])
        let product = try XCTUnwrap(products.first)
        XCTAssertTrue(Plan.title(product).hasSuffix("(Pro)"))
    }
}
SWIFT
cp "$refusals/RemotePackage/Tests/ShopTests/Products.storekit" "$remote/Shop/Tests/ShopTests/"
run 0 "$remote/Shop"
holds "$reports/out" "note: fetched $remote/badges at 1.0.0 (Package.resolved) into $remote/Shop/.kiosk/packages/badges"
holds "$reports/out" "1 passed, 0 failed, 0 skipped, 0 expected failures"
# The next run needs no repository, and no network: the checkout is at the pin.
rm -rf "$remote/badges"
run 0 "$remote/Shop" --offline
rm -rf "$remote"

echo "xctest: a failing assertion and a compiler error name the project's own files"
failing=$(mktemp -d)
trap 'rm -rf "$reports" "$failing"' EXIT
cp -R "$fixtures/Synced" "$failing/Synced"
rm -rf "$failing/Synced/.kiosk"
tests="$failing/Synced/SyncedTests/EntitlementsTests.swift"
# A test that fails on purpose, inside the class (its last line is the class's closing brace).
sed -i '$d' "$tests"
cat >>"$tests" <<'SWIFT'

    func testTheWrongProductIsOwned() async throws {
        try session.buyProduct(productIdentifier: "com.example.xcodeapp.club.monthly")
        let entitlements = Entitlements()
        await entitlements.refresh()
        XCTAssertEqual(entitlements.owned, ["com.example.xcodeapp.filters"], "fails on purpose")
    }
}
SWIFT
line=$(grep -n "fails on purpose" "$tests" | cut -d: -f1)
run 1 "$failing/Synced/Synced.xcodeproj" --junit "$reports/failing.xml"
holds "$reports/out" "$tests:$line: error: EntitlementsTests.testTheWrongProductIsOwned : XCTAssertEqual failed"
holds "$reports/out" "kiosk xctest: 2 tests: 1 passed, 1 failed, 0 skipped, 0 expected failures"
holds "$reports/failing.xml" "<failure message=\"$tests:$line: XCTAssertEqual failed"
# Neither the output nor the report names the package's links.
links="$failing/Synced/.kiosk/xctest/SyncedTests/Tests/"
! grep -F "$links" "$reports/out" "$reports/failing.xml" || { echo "FAIL: a link's path is shown"; exit 1; }
model="$failing/Synced/Synced/Model/Entitlements.swift"
printf 'let broken: Int = "not a number"\n' >>"$model"
broken=$(wc -l <"$model")
run 2 "$failing/Synced/Synced.xcodeproj" --junit "$reports/broken.xml"
holds "$reports/out" "$model:$broken:19: error: cannot convert value of type 'String' to specified type 'Int'"
holds "$reports/broken.xml" '<testcase classname="SyncedTests.build" name="compile"'
holds "$reports/broken.xml" "$model:$broken:19: error: cannot convert value"
! grep -F "$failing/Synced/.kiosk/xctest/SyncedTests/Sources/" "$reports/out" "$reports/broken.xml" || {
    echo "FAIL: a link's path is shown"
    exit 1
}

echo "xctest: bad input"
copy=$(mktemp -d)
trap 'rm -rf "$reports" "$failing" "$copy"' EXIT
cp -R "$fixtures/Classic" "$copy/Classic"
rm -rf "$copy/Classic/.kiosk"
tree() { (cd "$copy" && find . | sort); }
# Runs a refused kiosk xctest (status 65) and checks it wrote nothing.
refused() {
    local before
    before=$(tree)
    run 65 "$@"
    [[ "$(tree)" == "$before" ]] || { echo "FAIL: kiosk xctest $* wrote files"; exit 1; }
}
refused "$copy/Classic/Classic"
holds "$reports/out" "holds no .xcodeproj and no Package.swift; give an Xcode project, a Swift package"
refused "$copy/Classic/Classic.xcodeproj" --scheme-or-target ClasicTests
holds "$reports/out" "has no target 'ClasicTests'; did you mean 'ClassicTests'?"
sed -i 's|/\* StoreModel.swift \*/; };|/* StoreModel.swift */; }|' "$copy/Classic/Classic.xcodeproj/project.pbxproj"
refused "$copy/Classic/Classic.xcodeproj" --scheme-or-target ClassicTests
holds "$reports/out" "$copy/Classic/Classic.xcodeproj/project.pbxproj:11:"
cp "$fixtures/Classic/Classic.xcodeproj/project.pbxproj" "$copy/Classic/Classic.xcodeproj/project.pbxproj"
rm "$copy/Classic/Classic/Configuration.storekit"
refused "$copy/Classic/Classic.xcodeproj" --scheme-or-target ClassicTests
holds "$reports/out" "no .storekit for ClassicTests: looked in the resources of ClassicTests"
printf 'import XCTest\nfinal class PlainTests: XCTestCase { func testA() {} }\n' >"$copy/Classic/ClassicTests/StoreModelTests.swift"
refused "$copy/Classic/Classic.xcodeproj" --scheme-or-target ClassicTests --configuration "$fixtures/Classic/Classic/Configuration.storekit"
holds "$reports/out" "the tests of ClassicTests use no StoreKit"
echo "xctest: passed (5 projects, a package and a workspace, the bridge, 5 refusals, a fetched remote package, the project's paths in a failure and a compiler error, 5 bad inputs)"
