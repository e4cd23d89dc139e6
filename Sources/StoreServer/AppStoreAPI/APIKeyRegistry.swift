import Foundation
import Signing
import Synchronization

/// An App Store Connect API key the server accepts: the `kid` and issuer a backend's bearer
/// JWT names, the app it may act for, and the public half of its `.p8` key.
public struct RegisteredAPIKey: Sendable, Hashable, Codable {
    public var keyID: String
    public var issuerID: String
    public var bundleID: String
    /// PEM (`BEGIN PUBLIC KEY`), P-256.
    public var publicKey: String

    public init(keyID: String, issuerID: String, bundleID: String, publicKey: String) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.bundleID = bundleID
        self.publicKey = publicKey
    }
}

/// The keys registered with `kiosk keys add` or `kiosk keys new`, kept in `api-keys.json` in
/// the state directory (mode 0600). Only public keys are stored: the server never needs a
/// backend's private key. A key registered while the server runs is found on first use,
/// because an unknown `kid` rereads the file.
public final class APIKeyRegistry: Sendable {
    public static let fileName = "api-keys.json"

    private let path: String?
    private let keys: Mutex<[String: RegisteredAPIKey]>

    /// The registry in `directory`, or an in-memory one (`--ephemeral`, tests) when nil.
    public init(directory: URL?) throws(StoreServerError) {
        path = directory?.appendingPathComponent(Self.fileName).path
        keys = Mutex([:])
        try reload()
    }

    /// Every registered key, by key ID.
    public var all: [RegisteredAPIKey] { keys.withLock { $0.values.sorted { $0.keyID < $1.keyID } } }

    /// The key registered under `keyID`, rereading the file when it is not known yet.
    public func key(_ keyID: String) -> RegisteredAPIKey? {
        if let known = keys.withLock({ $0[keyID] }) { return known }
        try? reload()
        return keys.withLock { $0[keyID] }
    }

    /// Registers (or replaces) a key and saves the registry.
    /// - Throws: `invalidAPIKey` when the public key is not a P-256 PEM key.
    public func add(_ key: RegisteredAPIKey) throws(StoreServerError) {
        let publicKey: ECPublicKey
        do {
            publicKey = try ECPublicKey(pem: key.publicKey)
        } catch {
            throw .invalidAPIKey("the public key of \(key.keyID) is not a PEM public key: \(error)")
        }
        guard publicKey.curve == .p256 else {
            throw .invalidAPIKey(
                "App Store Server API keys are P-256; \(key.keyID) is \(publicKey.curve.rawValue)")
        }
        guard !key.keyID.isEmpty, !key.issuerID.isEmpty, !key.bundleID.isEmpty else {
            throw .invalidAPIKey("a key needs a key ID, an issuer ID and a bundle ID")
        }
        var stored = key
        stored.publicKey = publicKey.pemRepresentation
        let snapshot = keys.withLock { keys in
            keys[key.keyID] = stored
            return keys.values.sorted { $0.keyID < $1.keyID }
        }
        try save(snapshot)
    }

    private func reload() throws(StoreServerError) {
        guard let path, FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path),
            let list = try? JSONDecoder().decode([RegisteredAPIKey].self, from: data)
        else { throw .invalidAPIKey("\(path) is not a list of registered keys; fix or delete it") }
        keys.withLock { keys in
            for key in list { keys[key.keyID] = key }
        }
    }

    private func save(_ list: [RegisteredAPIKey]) throws(StoreServerError) {
        guard let path else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(list) else { throw .cannotWriteKeys(path) }
        let temporary = path + ".tmp-\(getpid())"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]),
            rename(temporary, path) == 0
        else { throw .cannotWriteKeys(path) }
    }
}
