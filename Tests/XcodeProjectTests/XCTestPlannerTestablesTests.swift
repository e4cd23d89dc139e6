import Foundation
import Testing

@testable import XcodeProject

@Suite struct XCTestPlannerTestablesTests {
    static let storeKit = (Fixtures.folder as NSString).appendingPathComponent(
        "Workspace/Shop/Products.storekit")

    @Test func aWorkspaceSchemesTestPlanRunsEachTargetWithItsSkipsAndStoreKitFile() throws {
        let plans = try XCTestPlanner.plans(
            XCTestRequest(projectPath: Fixtures.workspace, schemeOrTarget: "Shop"))
        #expect(plans.map(\.testModule.name) == ["ShopTests", "ShopSwiftTests"])
        #expect(
            plans.map(\.projectFolder)
                == Array(repeating: (Fixtures.shop as NSString).deletingLastPathComponent, count: 2))
        #expect(plans.allSatisfy { $0.storeKitConfigurations == [Self.storeKit] })
        #expect(plans[0].selection == XCTestSelection(skipped: ["StoreTests/testSkippedByThePlan()"]))
        #expect(plans[1].selection == XCTestSelection(skipped: ["EntitlementTests/skippedByThePlan()"]))
        #expect(plans.allSatisfy { $0.appModules.map(\.name) == ["Shop"] })
    }

    @Test func aProjectSchemesTestablesCarryTheirSkipsAndSelections() throws {
        let plans = try XCTestPlanner.plans(
            XCTestRequest(projectPath: Fixtures.shop, schemeOrTarget: "AllTests"))
        #expect(plans.map(\.testModule.name) == ["ShopTests", "ShopSwiftTests"])
        #expect(plans[0].selection == XCTestSelection(skipped: ["StoreTests/testSkippedByThePlan()"]))
        #expect(plans[1].selection == XCTestSelection(selected: ["EntitlementTests/aBoughtUnlockIsOwned()"]))
        // The scheme's Test action names the .storekit (container: is the project's folder).
        #expect(plans.allSatisfy { $0.storeKitConfigurations == [Self.storeKit] })
    }

    @Test func aTestPlanByFileOrNameAndATargetAlone() throws {
        let testPlan = (Fixtures.folder as NSString).appendingPathComponent(
            "Workspace/TestPlans/Shop.xctestplan")
        let byFile = try XCTestPlanner.plans(
            XCTestRequest(projectPath: Fixtures.shop, schemeOrTarget: "ShopSwiftTests"), testPlan: testPlan)
        #expect(byFile.map(\.testModule.name) == ["ShopSwiftTests"])
        #expect(byFile[0].selection.skipped == ["EntitlementTests/skippedByThePlan()"])
        let byName = try XCTestPlanner.plans(
            XCTestRequest(projectPath: Fixtures.workspace, schemeOrTarget: "Shop"), testPlan: "Shop")
        #expect(byName.count == 2)
        // A target named alone runs as plan(_:) plans it, with nothing skipped.
        let alone = try XCTestPlanner.plans(
            XCTestRequest(
                projectPath: Fixtures.workspace, schemeOrTarget: "ShopTests",
                configuration: Self.storeKit))
        #expect(alone.map(\.testModule.name) == ["ShopTests"])
        #expect(alone[0].selection == XCTestSelection())
        // A project alone is planned exactly as before.
        #expect(try XCTestPlanner.plans(XCTestRequest(projectPath: Fixtures.synced)).count == 1)
    }

    @Test func anUnknownTestPlanNamesTheSchemes() {
        #expect {
            try XCTestPlanner.plans(
                XCTestRequest(projectPath: Fixtures.workspace, schemeOrTarget: "Shop"), testPlan: "Nightly")
        } throws: { error in
            (error as? XCTestPlanningError)?.description
                == "the scheme Shop has no test plan 'Nightly'; its test plans: Shop; or give the .xctestplan file"
        }
    }
}
