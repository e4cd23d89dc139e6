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
}
