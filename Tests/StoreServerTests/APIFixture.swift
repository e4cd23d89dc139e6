import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Subprocess

/// A server with a registered App Store Server API key, listening on 127.0.0.1:0.
struct APIFixture {
    let store: SimulatedStore
    let server: StoreServer
    let http: HTTPServer
    let authority: CertificateAuthority
    let key: ECPrivateKey
    let keyID = "KIOSKTEST1"
    let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    let directory: URL
    /// The bearer token of the server's own (`/v1/`) routes.
    let controlToken = ServerToken.generate()

    /// A fresh state directory, or `reopening` one a store wrote earlier (see `state(in:)`):
    /// then nothing of it is in memory yet, as after a restart.
    init(reopening existing: URL? = nil) async throws {
        if let existing {
            directory = existing
            authority = try Self.authority(in: existing)
        } else {
            authority = try CertificateAuthority.ephemeral()
            directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "kiosk-api-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        store = try SimulatedStore.open(
            catalog: try Self.catalog(), location: .directory(directory, signedBy: authority),
            frozenClock: true)
        key = try ECPrivateKey.generate(.p256)
        let keys = try APIKeyRegistry(directory: directory)
        try keys.add(
            RegisteredAPIKey(
                keyID: keyID, issuerID: issuer, bundleID: await store.identity.bundleID,
                publicKey: key.publicKey.pemRepresentation))
        server = StoreServer(
            store: store, token: controlToken, rootCertificate: authority.root, apiKeys: keys)
        http = try await server.listen(HTTPServerConfiguration(port: 0))
    }

    static func catalog() throws -> LoadedCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try LoadedCatalog.load(contentsOf: root.appendingPathComponent("catalogs/demo.storekit").path)
    }

    /// The certificate authority kept in a reopened state directory.
    static func authority(in directory: URL) throws -> CertificateAuthority {
        try CertificateAuthority.open(directory: directory.appendingPathComponent("ca").path)
    }

    /// A new state directory whose store `write` filled and closed, for `init(reopening:)`.
    static func state(_ write: (SimulatedStore) async throws -> Void) async throws -> URL {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kiosk-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SimulatedStore.open(
            catalog: try catalog(), location: .directory(directory, signedBy: try authority(in: directory)),
            frozenClock: true)
        try await write(store)
        return directory
    }

    /// A bearer token as Apple's client makes it.
    func token(bundleID: String? = nil, expiresIn seconds: TimeInterval = 300, key: ECPrivateKey? = nil)
        async throws -> String
    {
        let bid: String
        if let bundleID { bid = bundleID } else { bid = await store.identity.bundleID }
        return try APIToken(keyID: keyID, issuerID: issuer, bundleID: bid, expiresAt: Date() + seconds)
            .signed(with: key ?? self.key)
    }

    func get(_ path: String, token: String?) async -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let token { headers.add("Authorization", "Bearer \(token)") }
        return await server.handle(HTTPRequest(method: "GET", target: path, headers: headers))
    }

    func stop() async {
        await http.stop(gracePeriod: 1)
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs an interop script on a thread of its own, so waiting for it never holds one of
/// the cooperative pool's two threads while the in-process server needs them.
enum Interop {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static var interpreter: String {
        ProcessInfo.processInfo.environment["KIOSK_PYTHON"] ?? packageRoot + "/.venv/bin/python3"
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ script: String, _ arguments: [String]) async throws -> String {
        guard FileManager.default.isExecutableFile(atPath: interpreter) else {
            throw Failure(
                description:
                    "no Python at \(interpreter): run scripts/test (or scripts/setup) to create the venv")
        }
        let command = [interpreter, packageRoot + "/Tests/Interop/" + script] + arguments
        let output: Subprocess.Output = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try Subprocess.run(command))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        if output.status == 3 { throw Failure(description: "\(output.standardError): run scripts/test") }
        guard output.status == 0 else {
            throw Failure(
                description:
                    "\(script) exited \(output.status):\n\(output.standardOutput)\n\(output.standardError)")
        }
        return output.standardOutput
    }
}
