import Foundation
import Testing

@testable import XcodeProject

@Suite struct XCTestPackageWriterTests {
    @Test func writesLinksAndAManifestUnderItsOwnFolderOnly() throws {
        let copy = try Fixtures.copy("Synced")
        let before = Fixtures.tree(copy)
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: copy + "/Synced.xcodeproj"))
        let folder = try XCTestPackageWriter(kioskPath: Fixtures.repository).write(plan)
        #expect(folder == copy + "/.kiosk/xctest/SyncedTests")
        // Nothing outside .kiosk changed.
        #expect(Fixtures.tree(copy).filter { !$0.hasPrefix(".kiosk") } == before)
        #expect(try String(contentsOfFile: copy + "/.kiosk/.gitignore", encoding: .utf8).hasSuffix("*\n"))
        let link = folder + "/Sources/Synced/Synced/Model/Entitlements.swift"
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link) == copy
                + "/Synced/Model/Entitlements.swift")
        #expect(
            FileManager.default.fileExists(
                atPath: folder + "/Tests/SyncedTests/SyncedTests/Products.storekit"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Sources/Synced/Synced/SyncedApp.swift"))

        let manifest = try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version:6.2\n"))
        #expect(manifest.contains(".package(name: \"Kiosk\", path: \"\(Fixtures.repository)\")"))
        #expect(manifest.contains("//   Synced: \(copy)/Synced/SyncedApp.swift: imports SwiftUI (line 1)"))
        #expect(
            manifest.contains(
                "swiftSettings: [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self), "
                    + ".enableUpcomingFeature(\"InferIsolatedConformances\")"))
        #expect(manifest.contains("resources: [.copy(\"SyncedTests/Products.storekit\")]"))
        #expect(manifest.contains(".product(name: \"StoreKitTest\", package: \"Kiosk\")"))
        // Each module depends on the Kiosk products its files import: StoreKit (which brings
        // Combine, as Apple's does), and no Combine of its own when nothing imports it.
        #expect(
            manifest.contains(
                "name: \"Synced\", dependencies: [.product(name: \"StoreKit\", package: \"Kiosk\")]"))
        #expect(!manifest.contains(".product(name: \"Combine\", package: \"Kiosk\")"))
    }

    @Test func aSecondRunReplacesTheLinksOfFilesThatWentAway() throws {
        let copy = try Fixtures.copy("Synced")
        let writer = XCTestPackageWriter(kioskPath: Fixtures.repository)
        try "import StoreKit\nstruct Extra {}\n".write(
            toFile: copy + "/Synced/Extra.swift", atomically: true, encoding: .utf8)
        let folder = try writer.write(
            try XCTestPlanner.plan(XCTestRequest(projectPath: copy + "/Synced.xcodeproj")))
        #expect(FileManager.default.fileExists(atPath: folder + "/Sources/Synced/Synced/Extra.swift"))
        try FileManager.default.removeItem(atPath: copy + "/Synced/Extra.swift")
        _ = try writer.write(try XCTestPlanner.plan(XCTestRequest(projectPath: copy + "/Synced.xcodeproj")))
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(
                atPath: folder + "/Sources/Synced/Synced/Extra.swift")) == nil)
    }

    @Test func theBridgeIsImportedOnlyWhenTheTestsExpectFailures() throws {
        let plan = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.classic, schemeOrTarget: "BridgeTests"))
        let manifest = PackageManifest(
            plan: plan, kioskPath: "/k", kioskProducts: ["StoreKit", "StoreKitTest", "KioskXCTestBridge"])
        #expect(
            manifest.text.contains(
                "\"-Xfrontend\", \"-import-module\", \"-Xfrontend\", \"KioskXCTestBridge\""))
        let plain = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.classic, schemeOrTarget: "ClassicTests"))
        #expect(
            !PackageManifest(
                plan: plain, kioskPath: "/k",
                kioskProducts: ["StoreKit", "StoreKitTest", "KioskXCTestBridge"]
            ).text.contains("KioskXCTestBridge"))
    }
}
