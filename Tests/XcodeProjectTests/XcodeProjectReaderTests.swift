import Foundation
import SourceDiagnostics
import Testing

@testable import XcodeProject

@Suite struct XcodeProjectReaderTests {
    func names(_ paths: [String], relativeTo folder: String) -> [String] {
        paths.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }.sorted()
    }

    @Test func synchronizedFoldersHonourTheirExceptionSets() throws {
        let project = try XcodeProject.read(at: Fixtures.example)
        #expect(project.targets.map(\.name) == ["XcodeApp", "XcodeAppTests"])
        let app = try project.target(named: "XcodeApp")
        #expect(
            names(app.swiftFiles, relativeTo: project.folder) == [
                "XcodeApp/ContentView.swift", "XcodeApp/Store/PurchaseManager.swift",
                "XcodeApp/XcodeAppApp.swift",
            ])
        // Excluded from the app by its exception set, made a member of the tests by theirs.
        #expect(app.resourceFiles.isEmpty)
        let tests = try project.target(named: "XcodeAppTests")
        #expect(tests.isUnitTestBundle)
        #expect(names(tests.resourceFiles, relativeTo: project.folder) == ["XcodeApp/Products.storekit"])
        #expect(
            names(tests.swiftFiles, relativeTo: project.folder) == [
                "XcodeAppTests/PurchaseManagerTests.swift"
            ])
        #expect(tests.dependencies == ["XcodeApp"])
    }

    @Test func buildSettingsComeFromTheDebugConfiguration() throws {
        let project = try XcodeProject.read(at: Fixtures.example)
        let app = try project.target(named: "XcodeApp").swiftSettings
        #expect(app.languageMode == 6)
        #expect(app.defaultIsolationIsMainActor)
        #expect(app.approachableConcurrency)
        #expect(app.enabledFeatures.contains("NonisolatedNonsendingByDefault"))
        let tests = try project.target(named: "XcodeAppTests").swiftSettings
        #expect(!tests.defaultIsolationIsMainActor)
        // The classic project sets SWIFT_VERSION at the project level only.
        let classic = try XcodeProject.read(at: Fixtures.classic)
        #expect(try classic.target(named: "ClassicTests").swiftSettings.languageMode == 5)
    }

    @Test func classicGroupsResolveToTheirFolders() throws {
        let project = try XcodeProject.read(at: Fixtures.classic + "/project.pbxproj")
        let app = try project.target(named: "Classic")
        #expect(
            names(app.swiftFiles, relativeTo: project.folder) == [
                "Classic/Sources/ShopViewController.swift", "Classic/Sources/StoreModel.swift",
            ])
        #expect(app.swiftFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try project.target(named: "BridgeTests").isUnitTestBundle)
    }

    @Test func anInfoPlistExcludedByTheExceptionSetIsNotAResource() throws {
        let project = try XcodeProject.read(at: Fixtures.synced)
        let app = try project.target(named: "Synced")
        #expect(names(app.resourceFiles, relativeTo: project.folder) == [])
        #expect(
            names(app.swiftFiles, relativeTo: project.folder) == [
                "Synced/Model/Entitlements.swift", "Synced/SyncedApp.swift",
            ])
        let tests = try project.target(named: "SyncedTests")
        #expect(names(tests.resourceFiles, relativeTo: project.folder) == ["SyncedTests/Products.storekit"])
    }

    @Test func aTargetThatDoesNotExistGetsADidYouMean() throws {
        let project = try XcodeProject.read(at: Fixtures.example)
        #expect(throws: XcodeProjectError.self) { try project.target(named: "XcodeAppTest") }
        do {
            _ = try project.target(named: "XcodeAppTest")
        } catch {
            #expect(
                error.message
                    == "XcodeApp.xcodeproj has no target 'XcodeAppTest'; did you mean 'XcodeAppTests'?; its targets: "
                    + "XcodeApp, XcodeAppTests")
        }
    }

    @Test func aPathThatIsNotAProjectIsRefused() throws {
        let notProject = Fixtures.folder + "/Classic/Classic/Sources"
        #expect { try XcodeProject.read(at: notProject) } throws: { error in
            "\(error)".contains("is not an Xcode project: give the .xcodeproj folder")
        }
        #expect { try XcodeProject.read(at: "/nowhere/App.xcodeproj") } throws: { error in
            "\(error)"
                == "/nowhere/App.xcodeproj: no such file or folder; give the path of an App.xcodeproj folder"
        }
    }

    @Test func aDamagedProjectFileGivesALocatedError() throws {
        let copy = try Fixtures.copy("Classic")
        let file = copy + "/Classic.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        // Drop the ';' after the first build file's dictionary, as a bad merge does.
        let range = try #require(text.range(of: "/* StoreModel.swift */; };"))
        text.replaceSubrange(range, with: "/* StoreModel.swift */; }")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect { try XcodeProject.read(at: copy + "/Classic.xcodeproj") } throws: { error in
            let error = error as? XcodeProjectError
            return error?.location?.line == 11
                && error?.message.hasPrefix("expected ';' after the value of") == true
        }
    }

    @Test func anObjectThatDoesNotExistIsLocated() throws {
        let copy = try Fixtures.copy("Classic")
        let file = copy + "/Classic.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(
                of: "B20000000000000000000013 /* Classic */,\n", with: "B2FFFFFFFFFFFFFFFFFFFFFF,\n")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect { try XcodeProject.read(at: copy + "/Classic.xcodeproj") } throws: { error in
            "\(error)".contains("target B2FFFFFFFFFFFFFFFFFFFFFF does not exist in 'objects'")
                && (error as? XcodeProjectError)?.location != nil
        }
    }
}
