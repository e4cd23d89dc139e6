import Foundation
import Signing
import Simulator
import StoreCore
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
    public static let fileName = StateDirectoryLayout.apiKeysName

    private let path: String?
    /// Read by every App Store Server API call on every connection thread at once: a
    /// reader-writer lock, where a Mutex made them take turns (perf under wrk: a third of the
    /// calls' time went to its futex).
    private let keys: ReadWriteLocked<[String: RegisteredAPIKey]>
    /// Each key's PEM parsed once, by key ID with the PEM it came from: OpenSSL 3's decoder
    /// costs more than the ES256 verification the key is for, and ran on every API call.
    private let parsed = ReadWriteLocked<[String: ParsedKey]>([:])

    private struct ParsedKey: Sendable {
        var pem: String
        var key: ECPublicKey
    }

    /// The registry in `directory`, or an in-memory one (`--ephemeral`, tests) when nil.
    public convenience init(directory: URL?) throws(StoreServerError) {
        self.init(path: directory?.appendingPathComponent(Self.fileName).path)
        try reload()
    }

    /// Every registered key, by key ID.
    public var all: [RegisteredAPIKey] { keys.read { $0.values.sorted { $0.keyID < $1.keyID } } }

    /// The registry of a server without a state directory (`--ephemeral`, tests): it has no
    /// file to read, so it cannot fail to open.
    public static func inMemory() -> APIKeyRegistry { APIKeyRegistry(path: nil) }

    private init(path: String?) {
        self.path = path
        keys = ReadWriteLocked([:])
    }

    /// The key registered under `keyID`, rereading the file when it is not known yet.
    /// - Throws: `invalidAPIKey` when the file has become unreadable since the registry was
    ///   opened (edited by hand): the caller says so, rather than calling the key unknown.
    public func registered(_ keyID: String) throws(StoreServerError) -> RegisteredAPIKey? {
        if let known = keys.read({ $0[keyID] }) { return known }
        try reload()
        return keys.read { $0[keyID] }
    }

    /// The public key registered under `keyID`, nil when there is none.
    /// - Throws: `invalidAPIKey` when the file cannot be read, or the key registered does not
    ///   parse (the file was edited by hand: `add` only keeps keys that do).
    public func publicKey(_ keyID: String) throws(StoreServerError) -> ECPublicKey? {
        guard let key = try registered(keyID) else { return nil }
        if let known = parsed.read({ $0[keyID] }), known.pem == key.publicKey { return known.key }
        do {
            let parsedKey = try ECPublicKey(pem: key.publicKey)
            parsed.write { $0[keyID] = ParsedKey(pem: key.publicKey, key: parsedKey) }
            return parsedKey
        } catch {
            throw .invalidAPIKey(
                "the public key registered for \(keyID) does not parse (\(error)): register the key again")
        }
    }

    /// Registers (or replaces) a key and saves the registry. The file is read again first, so
    /// a key another process registered since this registry opened is kept, and a file broken
    /// since then is reported rather than overwritten with what this registry holds.
    /// - Throws: `invalidAPIKey` when the public key is not a P-256 PEM key, or the file has
    ///   become unreadable (it is left as it is).
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
        try reload()
        let snapshot = keys.write { keys in
            keys[key.keyID] = stored
            return keys.values.sorted { $0.keyID < $1.keyID }
        }
        try save(snapshot)
    }

    private func reload() throws(StoreServerError) {
        guard let path, FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidAPIKey("\(path) cannot be read; check its permissions")
        }
        let list: [RegisteredAPIKey]
        do {
            list = try JSONDecoder().decode([RegisteredAPIKey].self, from: data)
        } catch {
            throw .invalidAPIKey("\(path) is not a list of registered keys (\(error)); fix or delete it")
        }
        keys.write { keys in
            for key in list { keys[key.keyID] = key }
        }
    }

    private func save(_ list: [RegisteredAPIKey]) throws(StoreServerError) {
        guard let path else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(list)
        } catch {
            throw .cannotWriteKeys("\(path) (\(error))")
        }
        let temporary = path + ".tmp-\(getpid())"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]),
            rename(temporary, path) == 0
        else { throw .cannotWriteKeys(path) }
    }
}
