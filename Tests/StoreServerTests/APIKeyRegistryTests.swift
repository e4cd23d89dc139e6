import Foundation
import Signing
import StoreServer
import TestSupport
import Testing

/// The key registry saves what is in its file, not only what it read when it opened
/// (issue 37, item 7): a file broken since then used to read as "no such key" and be
/// overwritten, and a key another process registered meanwhile was lost.
@Suite struct APIKeyRegistryTests {
    static func key(_ keyID: String) throws -> RegisteredAPIKey {
        RegisteredAPIKey(
            keyID: keyID, issuerID: "issuer", bundleID: "com.example.app",
            publicKey: try ECPrivateKey.generate(.p256).publicKey.pemRepresentation)
    }

    @Test func aFileBrokenSinceOpeningIsReportedAndLeftAsItIs() throws {
        let directory = try temporaryDirectory("kiosk-keys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = try APIKeyRegistry(directory: directory)
        try registry.add(try Self.key("K1"))
        let file = directory.appendingPathComponent(APIKeyRegistry.fileName)
        let broken = Data("[{\"keyID\": \"K1\"".utf8)
        try broken.write(to: file)

        let lookup = #expect(throws: StoreServerError.self) { _ = try registry.registered("K2") }
        #expect("\(String(describing: lookup))".contains(file.path))
        let error = #expect(throws: StoreServerError.self) { try registry.add(try Self.key("K2")) }
        #expect("\(String(describing: error))".contains(file.path), "\(String(describing: error))")
        #expect(try Data(contentsOf: file) == broken, "the broken file is left for its owner to fix")
    }

    @Test func aKeyAnotherProcessRegisteredMeanwhileIsKept() throws {
        let directory = try temporaryDirectory("kiosk-keys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try APIKeyRegistry(directory: directory)
        let second = try APIKeyRegistry(directory: directory)
        try first.add(try Self.key("K1"))
        try second.add(try Self.key("K2"))
        #expect(try APIKeyRegistry(directory: directory).all.map(\.keyID) == ["K1", "K2"])
    }
}
