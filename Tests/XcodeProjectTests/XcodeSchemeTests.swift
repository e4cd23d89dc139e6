import Foundation
import Testing

@testable import XcodeProject

@Suite struct XcodeSchemeTests {
    @Test func readsTestablesAndTheStoreKitConfiguration() throws {
        let schemes = XcodeScheme.schemes(ofProject: Fixtures.classic)
        let scheme = try #require(schemes.first)
        #expect(scheme.name == "Classic")
        #expect(scheme.testTargets == ["ClassicTests", "BridgeTests"])
        #expect(scheme.storeKitConfigurationReference == "container:Classic/Configuration.storekit")
        #expect(
            scheme.storeKitConfigurationCandidates(projectPath: Fixtures.classic) == [
                Fixtures.folder + "/Classic/Classic/Configuration.storekit"
            ])
    }

    @Test func aRelativeReferenceIsTriedFromEachBase() throws {
        let scheme = try #require(XcodeScheme.schemes(ofProject: Fixtures.example).first)
        let candidates = scheme.storeKitConfigurationCandidates(projectPath: Fixtures.example)
        let existing = candidates.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(
            existing == [
                (Fixtures.example as NSString).deletingLastPathComponent + "/XcodeApp/Products.storekit"
            ])
    }

    @Test func testActionConfigurationWinsOverLaunchAction() {
        let scheme = XcodeScheme.parse(
            """
            <Scheme>
               <TestAction>
                  <Testables>
                     <TestableReference skipped = "NO">
                        <BuildableReference BlueprintName = "A &amp; B Tests"/>
                     </TestableReference>
                  </Testables>
                  <StoreKitConfigurationFileReference identifier = "Test.storekit"/>
               </TestAction>
               <LaunchAction>
                  <StoreKitConfigurationFileReference identifier = "Launch.storekit"></StoreKitConfigurationFileReference>
               </LaunchAction>
            </Scheme>
            """, path: "/p/App.xcscheme")
        #expect(scheme.testTargets == ["A & B Tests"])
        #expect(scheme.storeKitConfigurationReference == "Test.storekit")
    }

    @Test func readsEachTestablesContainerSkipsAndSelections() throws {
        let scheme = try #require(XcodeScheme.schemes(ofProject: Fixtures.shop).first)
        #expect(scheme.name == "AllTests")
        #expect(
            scheme.testables == [
                XcodeScheme.Testable(
                    target: "ShopTests", container: "container:Shop.xcodeproj", isParallelizable: true,
                    skippedTests: ["StoreTests/testSkippedByThePlan()"]),
                XcodeScheme.Testable(
                    target: "ShopSwiftTests", container: "container:Shop.xcodeproj",
                    selectedTests: ["EntitlementTests/aBoughtUnlockIsOwned()"]),
                XcodeScheme.Testable(target: "Shop", container: "container:Shop.xcodeproj", isSkipped: true),
            ])
        // A skipped testable is not run.
        #expect(scheme.testTargets == ["ShopTests", "ShopSwiftTests"])
        #expect(scheme.projectPath(of: scheme.testables[0]) == Fixtures.shop)
        #expect(scheme.testPlans.isEmpty)
        #expect(scheme.defaultTestPlan == nil)
    }

    @Test func aWorkspaceSchemesTestPlanIsRelativeToTheWorkspacesFolder() throws {
        let scheme = try #require(XcodeScheme.schemes(ofProject: Fixtures.workspace).first)
        #expect(
            scheme.testPlans == [.init(reference: "container:TestPlans/Shop.xctestplan", isDefault: true)])
        #expect(scheme.containerPath == Fixtures.workspace)
        #expect(
            scheme.testPlanPath(try #require(scheme.defaultTestPlan))
                == (Fixtures.folder as NSString).appendingPathComponent("Workspace/TestPlans/Shop.xctestplan")
        )
    }

    @Test func theDefaultTestPlanIsTheMarkedOneElseTheOnlyOne() {
        let two = XcodeScheme.parse(
            """
            <Scheme><TestAction><TestPlans>
               <TestPlanReference reference = "container:Fast.xctestplan"></TestPlanReference>
               <TestPlanReference reference = "container:Full.xctestplan" default = "YES"></TestPlanReference>
            </TestPlans></TestAction></Scheme>
            """, path: "/p/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme")
        #expect(two.defaultTestPlan?.name == "Full")
        #expect(two.testPlanPath(two.testPlans[0]) == "/p/Fast.xctestplan")
        let one = XcodeScheme.parse(
            "<Scheme><TestAction><TestPlans><TestPlanReference reference = \"container:Only.xctestplan\"/></TestPlans></TestAction></Scheme>",
            path: "/p/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme")
        #expect(one.defaultTestPlan?.name == "Only")
    }
}
