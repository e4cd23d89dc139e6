import Foundation
import SourceDiagnostics
import Testing

@testable import XcodeProject

@Suite struct XcodeTestPlanTests {
    static let path = (Fixtures.folder as NSString).appendingPathComponent(
        "Workspace/TestPlans/Shop.xctestplan")

    @Test func readsTargetsSkipsAndTheStoreKitConfiguration() throws {
        let plan = try XcodeTestPlan.read(at: Self.path)
        #expect(plan.name == "Shop")
        #expect(plan.testTargets.map(\.name) == ["ShopTests", "ShopSwiftTests"])
        #expect(plan.testTargets[0].containerPath == "container:Shop/Shop.xcodeproj")
        #expect(plan.testTargets[0].identifier == "D40000000000000000000011")
        #expect(plan.testTargets[0].isParallelizable)
        #expect(!plan.testTargets[1].isParallelizable)
        #expect(plan.testTargets.allSatisfy { $0.isEnabled })
        #expect(plan.testTargets[0].skippedTests == ["StoreTests/testSkippedByThePlan()"])
        #expect(plan.testTargets[1].skippedTests == ["EntitlementTests/skippedByThePlan()"])
        #expect(plan.configurations.map(\.name) == ["Configuration 1"])
        #expect(plan.storeKitConfigurationReference == "../Shop/Products.storekit")
        // Tried from the workspace's folder, then from the test plan's, which has it.
        let existing = plan.storeKitConfigurationCandidates(containerPath: Fixtures.workspace).filter {
            FileManager.default.fileExists(atPath: $0)
        }
        #expect(
            existing == [
                (Fixtures.folder as NSString).appendingPathComponent("Workspace/Shop/Products.storekit")
            ])
        let folder = (Fixtures.workspace as NSString).deletingLastPathComponent
        #expect(plan.projectPath(of: plan.testTargets[0], containerFolder: folder) == Fixtures.shop)
    }

    @Test func otherShapesXcodeWrites() throws {
        let plan = try XcodeTestPlan.parse(
            Array(
                """
                {
                  "configurations" : [
                    { "id" : "1", "name" : "German", "options" : { "storeKitConfiguration" : { "identifier" : "container:De.storekit" } } }
                  ],
                  "defaultOptions" : { },
                  "testTargets" : [
                    { "enabled" : false, "target" : { "containerPath" : "container:A.xcodeproj", "identifier" : "X", "name" : "Off" } },
                    { "selectedTests" : [ "StoreTests\\/testBuy()" ],
                      "skippedTests" : { "suites" : [ { "name" : "Slow", "testFunctions" : [ "a()", "b()" ] }, { "name" : "Gone" } ],
                                         "testFunctions" : [ "free()" ] },
                      "target" : { "name" : "On" } }
                  ],
                  "version" : 1
                }
                """.utf8), path: "/p/Other.xctestplan")
        #expect(!plan.testTargets[0].isEnabled)
        #expect(plan.testTargets[1].selectedTests == ["StoreTests/testBuy()"])
        #expect(plan.testTargets[1].skippedTests == ["Slow/a()", "Slow/b()", "Gone", "free()"])
        #expect(plan.testTargets[1].containerPath == nil)
        #expect(plan.defaultStoreKitConfigurationReference == nil)
        #expect(plan.storeKitConfigurationReference == "container:De.storekit")
        #expect(
            plan.storeKitConfigurationCandidates(containerPath: "/w/App.xcworkspace") == ["/w/De.storekit"])
    }

    @Test func badJSONIsLocated() {
        let text = "{\n  \"testTargets\" : [\n    { \"target\" : { \"name\" : \"A\" } }\n    { }\n  ]\n}\n"
        #expect {
            try XcodeTestPlan.parse(Array(text.utf8), path: "/p/Bad.xctestplan")
        } throws: { error in
            let error = error as? XcodeProjectError
            return error?.location?.line == 4 && error?.location?.column == 5
                && error?.description.hasPrefix("/p/Bad.xctestplan:4:5: error: not a test plan's JSON: ")
                    == true
        }
    }

    @Test(arguments: [
        (
            "{\n  \"testTargets\" : [\n    { \"target\" : { \"name\" : 7 } }\n  ]\n}", 3, 29,
            "testTargets[0].target.name: expected a string, found a number"
        ),
        ("{\n  \"testTargets\" : {}\n}", 2, 19, "testTargets: expected an array, found an object"),
        (
            "{ \"testTargets\" : [ { \"enabled\" : \"no\", \"target\" : { \"name\" : \"A\" } } ] }", 1, 35,
            "testTargets[0].enabled: expected a boolean, found a string"
        ),
        (
            "{ \"testTargets\" : [ { \"skippedTests\" : [ 1 ], \"target\" : { \"name\" : \"A\" } } ] }", 1,
            42,
            "testTargets[0].skippedTests[0]: expected a string, found a number"
        ),
        (
            "{ \"defaultOptions\" : { \"storeKitConfiguration\" : { } } }", 1, 50,
            "defaultOptions.storeKitConfiguration: the StoreKit configuration has no \"identifier\""
        ),
        ("[]", 1, 1, "a test plan is a JSON object: expected an object, found an array"),
    ])
    func aFieldOfTheWrongTypeIsNamedAtItsValue(text: String, line: Int, column: Int, message: String) {
        #expect {
            try XcodeTestPlan.parse(Array(text.utf8), path: "/p/Plan.xctestplan")
        } throws: { error in
            let error = error as? XcodeProjectError
            return error?.description == "/p/Plan.xctestplan:\(line):\(column): error: \(message)"
        }
    }

    @Test func aMissingFileSaysWhatToGive() {
        #expect {
            try XcodeTestPlan.read(at: "/no/such/Plan.xctestplan")
        } throws: { error in
            (error as? XcodeProjectError)?.message.hasPrefix("/no/such/Plan.xctestplan: no such test plan")
                == true
        }
    }
}
