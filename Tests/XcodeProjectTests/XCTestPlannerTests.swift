import Foundation
import Testing

@testable import XcodeProject

@Suite struct XCTestPlannerTests {
    func relative(_ paths: [String], _ folder: String) -> [String] {
        paths.map { String($0.dropFirst(folder.count + 1)) }.sorted()
    }

    @Test func theExampleLeavesItsSwiftUIFilesOut() throws {
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: Fixtures.example))
        #expect(plan.testModule.name == "XcodeAppTests")
        #expect(plan.appModules.map(\.name) == ["XcodeApp"])
        let app = try #require(plan.appModules.first)
        #expect(relative(app.swiftFiles, plan.projectFolder) == ["XcodeApp/Store/PurchaseManager.swift"])
        #expect(
            relative(app.leftOut.map(\.path), plan.projectFolder) == [
                "XcodeApp/ContentView.swift", "XcodeApp/XcodeAppApp.swift",
            ])
        #expect(app.leftOut.first?.reason == "imports SwiftUI (line 2) and uses its View (line 5)")
        #expect(relative(plan.storeKitConfigurations, plan.projectFolder) == ["XcodeApp/Products.storekit"])
        #expect(plan.packageFolder == plan.projectFolder + "/.kiosk/xctest/XcodeAppTests")
        #expect(!plan.usesExpectFailure)
    }

    @Test func aSchemeNamesItsTestTargetAndConfiguration() throws {
        let plan = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.classic, schemeOrTarget: "Classic"))
        #expect(plan.testModule.name == "ClassicTests")
        #expect(
            relative(plan.storeKitConfigurations, plan.projectFolder) == ["Classic/Configuration.storekit"])
        #expect(plan.testModule.settings.languageMode == 5)
        let bridge = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.classic, schemeOrTarget: "BridgeTests"))
        #expect(bridge.usesExpectFailure)
        #expect(bridge.notes.map(\.line) == [9])
        #expect(bridge.appModules.isEmpty)
    }

    func message(_ request: XCTestRequest) -> String {
        do {
            _ = try XCTestPlanner.plan(request)
            return "planned"
        } catch {
            return error.description
        }
    }

    @Test func aMissingTargetSuggestsTheClosestAndListsTargetsAndSchemes() {
        #expect(
            message(XCTestRequest(projectPath: Fixtures.classic, schemeOrTarget: "ClasicTests"))
                == "Classic.xcodeproj has no target 'ClasicTests'; did you mean 'ClassicTests'?; its targets: Classic, "
                + "ClassicTests, BridgeTests; its schemes: Classic")
        #expect(
            message(XCTestRequest(projectPath: Fixtures.classic))
                .hasSuffix(
                    "has 2 unit-test targets (ClassicTests, BridgeTests); choose one with --scheme-or-target")
        )
    }

    @Test func anAppTargetIsNotATestTargetButItsSchemeIs() throws {
        // Synced has no shared scheme: its app target's name means the target.
        #expect(
            message(XCTestRequest(projectPath: Fixtures.synced, schemeOrTarget: "Synced")).contains(
                "Synced is not a unit-test target (its product type is com.apple.product-type.application); its "
                    + "unit-test targets: SyncedTests"))
        // XcodeApp's scheme has the app's name: the scheme's Test action wins.
        let plan = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.example, schemeOrTarget: "XcodeApp"))
        #expect(plan.testModule.name == "XcodeAppTests")
    }

    @Test func aTestTargetWithoutAStoreKitFileSaysWhereItLooked() throws {
        let copy = try Fixtures.copy("Classic")
        try FileManager.default.removeItem(atPath: copy + "/Classic/Configuration.storekit")
        let said = message(
            XCTestRequest(projectPath: copy + "/Classic.xcodeproj", schemeOrTarget: "ClassicTests"))
        #expect(
            said.hasPrefix(
                "no .storekit for ClassicTests: looked in the resources of ClassicTests (none is a .storekit)"
            ))
        #expect(
            said.contains(
                "the StoreKit configuration 'container:Classic/Configuration.storekit' of the scheme Classic, at "
            ))
        #expect(said.hasSuffix("or give it with --configuration FILE"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/.kiosk"))
    }

    @Test func testsThatUseNoStoreKitStopTheRun() throws {
        let copy = try Fixtures.copy("Classic")
        try "import XCTest\nfinal class T: XCTestCase { func testA() {} }\n"
            .write(toFile: copy + "/ClassicTests/StoreModelTests.swift", atomically: true, encoding: .utf8)
        let said = message(
            XCTestRequest(projectPath: copy + "/Classic.xcodeproj", schemeOrTarget: "ClassicTests"))
        #expect(said.hasPrefix("the tests of ClassicTests use no StoreKit"))
    }

    @Test func aTestThatReachesAViewFileIsNamedAtBothLines() throws {
        let copy = try Fixtures.copy("Classic")
        try """
        import StoreKitTest
        import XCTest
        @testable import Classic

        final class ShopTests: XCTestCase {
            func testTheShopLoads() {
                let shop = ShopViewController()
                XCTAssertNotNil(shop.model)
            }
        }
        """.write(toFile: copy + "/ClassicTests/StoreModelTests.swift", atomically: true, encoding: .utf8)
        let request = XCTestRequest(projectPath: copy + "/Classic.xcodeproj", schemeOrTarget: "ClassicTests")
        #expect(throws: XCTestPlanningError.self) { try XCTestPlanner.plan(request) }
        let lines = message(request).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                copy + "/ClassicTests/StoreModelTests.swift:7: error: uses ShopViewController, declared in "
                    + copy
                    + "/Classic/Sources/ShopViewController.swift, which cannot compile on Linux",
                copy
                    + "/Classic/Sources/ShopViewController.swift:1: error: imports UIKit, which Linux does not have: "
                    + "move the purchase code out of this view file into a file of its own, or guard it with "
                    + "`#if canImport(UIKit)`",
                "2 problems would stop the tests compiling on Linux; nothing was compiled",
            ])
        #expect(!FileManager.default.fileExists(atPath: copy + "/.kiosk"))
    }

    @Test func xcTestAPIThatLinuxLacksIsNamed() throws {
        let copy = try Fixtures.copy("Synced")
        try """
        import StoreKitTest
        import XCTest

        final class ActivityTests: XCTestCase {
            override func setUpWithError() throws {}

            func testInAnActivity() {
                XCTContext.runActivity(named: "buy") { _ in }
            }
        }
        """.write(toFile: copy + "/SyncedTests/ActivityTests.swift", atomically: true, encoding: .utf8)
        let said = message(XCTestRequest(projectPath: copy + "/Synced.xcodeproj"))
        #expect(
            said.contains(
                "ActivityTests.swift:8: error: uses XCTContext, which Linux's XCTest does not have: XCTContext.runActivity "
                    + "is Xcode-only; call the activity's block directly"))
        // The Synced tests are main-actor by default isolation: a sync setUpWithError cannot bridge.
        #expect(
            said.contains(
                "ActivityTests.swift:5: error: overrides setUpWithError() in a @MainActor test class"))
    }

    @Test func explicitPathsStandInForAProject() throws {
        let folder = Fixtures.folder + "/Classic"
        // The tests import Classic: without its sources the import is named before compiling.
        #expect(
            message(
                XCTestRequest(
                    projectPath: nil, tests: [folder + "/ClassicTests"],
                    configuration: folder + "/Classic/Configuration.storekit")
            ).contains(
                "StoreModelTests.swift:4: error: imports Classic, which is not a target of the project"))
        let plan = try XCTestPlanner.plan(
            XCTestRequest(
                projectPath: nil, sources: [folder + "/Classic/Sources/StoreModel.swift"],
                tests: [folder + "/ClassicTests"], configuration: folder + "/Classic/Configuration.storekit"))
        #expect(plan.appModules.map(\.name) == ["Classic"])
        #expect(plan.testModule.swiftFiles == [folder + "/ClassicTests/StoreModelTests.swift"])
        #expect(plan.storeKitConfigurations == [folder + "/Classic/Configuration.storekit"])
        #expect(
            message(XCTestRequest(projectPath: nil, tests: ["/nowhere/Tests"]))
                == "/nowhere/Tests: no such file or folder")
    }
}
