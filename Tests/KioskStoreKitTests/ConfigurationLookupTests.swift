import Foundation
import KioskStoreKitTest
import Testing

extension StoreKitSessionTests {
    /// Which `.storekit` file a session opens when two test targets each have one of the same
    /// name (AppleWayTests has its own `Products.storekit`).
    @Suite struct ConfigurationLookupTests {
        @Test func aNameIsLookedUpInTheCallingTargetsOwnResources() throws {
            let session = try SKTestSession(configurationFileNamed: "Products")
            #expect(session.configurationURL.path.contains("_KioskStoreKitTests.resources/"))
            #expect(!session.configurationURL.path.contains("AppleWayTests"))
        }

        @Test func aTargetWithoutItsOwnFileNeverGetsAnotherTargetsFile() throws {
            // A file in a folder named for no target: its lookup has no resources of its own.
            let error = try #require(throws: SKTestError.self) {
                try SKTestSession(
                    configurationFileNamed: "Products", filePath: "/nowhere/NoSuchTestTarget/SomeTests.swift")
            }
            #expect(error.code == .fileNotFound)
        }

        @Test func twoFilesOfTheNameInTheTargetsResourcesAreNamedBoth() throws {
            let bundle = try #require(
                ConfigurationLocatorProbe.ownBundle(for: #filePath),
                "no resources folder for KioskStoreKitTests")
            let copy = bundle.appendingPathComponent("Ambiguous.storekit")
            let nested = bundle.appendingPathComponent("Fixtures/Ambiguous.storekit")
            let source = bundle.appendingPathComponent("Fixtures/Products.storekit")
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.removeItem(at: nested)
            try FileManager.default.copyItem(at: source, to: copy)
            try FileManager.default.copyItem(at: source, to: nested)
            defer {
                try? FileManager.default.removeItem(at: copy)
                try? FileManager.default.removeItem(at: nested)
            }
            let error = try #require(throws: SKTestError.self) {
                try SKTestSession(configurationFileNamed: "Ambiguous")
            }
            #expect(error.code == .invalidAction)
            #expect(error.message.contains(copy.path) && error.message.contains(nested.path))
        }
    }
}

/// Where the test binary's resources for this target are (what the lookup searches first).
enum ConfigurationLocatorProbe {
    static func ownBundle(for filePath: String) -> URL? {
        let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        let entries =
            (try? FileManager.default.contentsOfDirectory(at: binary, includingPropertiesForKeys: nil)) ?? []
        return entries.first { $0.lastPathComponent.hasSuffix("_KioskStoreKitTests.resources") }
    }
}
