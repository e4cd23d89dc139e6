import Foundation
import SourceDiagnostics
import Testing

@testable import XcodeProject

@Suite struct XcodeWorkspaceTests {
    @Test func readsItsProjectsThroughGroupsAndItsSchemesAndTheProjects() throws {
        let workspace = try XcodeWorkspace.read(at: Fixtures.workspace)
        #expect(workspace.path == Fixtures.workspace)
        #expect(workspace.projects == [Fixtures.shop])
        #expect(workspace.schemes.map(\.name) == ["Shop", "AllTests"])
        #expect(workspace.schemes[0].containerPath == Fixtures.workspace)
        #expect(workspace.schemes[1].containerPath == Fixtures.shop)
    }

    @Test func eachLocationKindResolves() throws {
        let folder = NSTemporaryDirectory() + "kiosk-workspace-\(UUID().uuidString)"
        let workspace = folder + "/Apps/All.xcworkspace"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:App.xcodeproj">
               </FileRef>
               <Group
                  location = "group:Libraries"
                  name = "Libraries">
                  <Group location = "group:Deep" name = "Deep">
                     <FileRef location = "group:Lib.xcodeproj"></FileRef>
                  </Group>
                  <FileRef location = "container:Other/Other.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "absolute:/opt/Shared/Shared.xcodeproj"></FileRef>
               <FileRef location = "group:../Up.xcodeproj"></FileRef>
               <FileRef location = "developer:Platforms/Tool.xcodeproj"></FileRef>
               <FileRef location = "group:Notes.md"></FileRef>
            </Workspace>
            """.utf8
        ).write(to: URL(fileURLWithPath: workspace + "/contents.xcworkspacedata"))
        let read = try XcodeWorkspace.read(at: workspace + "/contents.xcworkspacedata")
        #expect(
            read.projects == [
                folder + "/Apps/App.xcodeproj", folder + "/Apps/Libraries/Deep/Lib.xcodeproj",
                folder + "/Apps/Other/Other.xcodeproj", "/opt/Shared/Shared.xcodeproj",
                folder + "/Up.xcodeproj",
            ])
        // A listed project that does not exist is the error when it is used, at its line.
        #expect(throws: XcodeProjectError.self) { try read.selectTests(schemeOrTarget: nil) }
        do {
            _ = try read.selectTests(schemeOrTarget: nil)
        } catch {
            #expect(error.location?.line == 4)
            #expect(
                error.description.contains(
                    "All.xcworkspace lists \(folder)/Apps/App.xcodeproj, which does not exist"))
        }
    }

    @Test func aFolderThatIsNotAWorkspaceSaysWhatToGive() {
        #expect {
            try XcodeWorkspace.read(at: Fixtures.shop)
        } throws: { error in
            (error as? XcodeProjectError)?.message.contains(
                "is not an Xcode workspace: give the .xcworkspace folder")
                == true
        }
    }

    @Test func aSchemesTestablesSayWhichProjectHoldsEachTarget() throws {
        let workspace = try XcodeWorkspace.read(at: Fixtures.workspace)
        let selection = try workspace.selectTests(schemeOrTarget: "AllTests")
        #expect(selection.scheme?.name == "AllTests")
        // The skipped app testable is left out.
        #expect(selection.targets.map(\.name) == ["ShopTests", "ShopSwiftTests"])
        #expect(selection.targets.map(\.project) == [Fixtures.shop, Fixtures.shop])
        #expect(selection.targets[0].testable?.skippedTests == ["StoreTests/testSkippedByThePlan()"])
        #expect(try workspace.projectHoldingTests(schemeOrTarget: "ShopSwiftTests") == Fixtures.shop)
    }

    @Test func aSchemeWithTestPlansListsItsTargetsThere() throws {
        let selection = try XcodeWorkspace.read(at: Fixtures.workspace).selectTests(schemeOrTarget: "Shop")
        #expect(selection.scheme?.name == "Shop")
        #expect(selection.targets.isEmpty)
        #expect(selection.scheme?.defaultTestPlan?.name == "Shop")
    }

    @Test func aTargetNameOrNoNameChoosesAmongTheProjectsTargets() throws {
        let workspace = try XcodeWorkspace.read(at: Fixtures.workspace)
        #expect(
            try workspace.selectTests(schemeOrTarget: "ShopTests").targets == [
                XcodeWorkspace.TestTarget(project: Fixtures.shop, name: "ShopTests")
            ])
        #expect {
            try workspace.selectTests(schemeOrTarget: nil)
        } throws: { error in
            (error as? XcodeProjectError)?.message.hasSuffix(
                "has 2 unit-test targets (ShopTests, ShopSwiftTests); choose a scheme or a target with "
                    + "--scheme-or-target; its schemes: Shop, AllTests") == true
        }
        #expect {
            try workspace.selectTests(schemeOrTarget: "ShopTest")
        } throws: { error in
            (error as? XcodeProjectError)?.message.hasPrefix(
                "Shop.xcworkspace has no scheme or unit-test target 'ShopTest'; did you mean 'ShopTests'?")
                == true
        }
    }
}
