import Foundation
import HTTP
import Signing
import StoreCore
import WireProtocol

/// `Store` and `StoreControl` over the wire protocol of `kiosk serve` (docs/openapi.yaml).
/// Every JWS it receives is verified here against the server's root, so a remote app sees
/// exactly what a local one would; the server only says which failures it simulates.
public actor RemoteStore {
    /// Which root the signatures must chain to.
    public enum Trust: Sendable {
        /// This certificate (`--root FILE`).
        case root(Certificate)
        /// The root pinned for this server in `directory`, fetched and pinned on first contact.
        case pinned(directory: URL)
    }

    let client: WireClient
    let verifier: JWSVerifier
    /// Where the event streams connect.
    let streamAddress: SocketAddress
    /// Called when the streams cannot connect: see `WireClient.Reattach`.
    let reattach: WireClient.Reattach?
    /// The account calls act for (`switchAccount` changes it, and moves the open streams).
    var account: AccountName
    /// The open streams: each one's connection, and which account it listens as.
    var streamConnections = StreamConnections()

    /// Connects to `url` (`http://127.0.0.1:8686`) as `account`.
    public init(url: URL, token: String, account: AccountName, root: Certificate) throws(StoreError) {
        guard url.scheme == "http", let host = url.host else {
            throw StoreError.invalidArgument(
                "'\(url.absoluteString)' is not an http:// URL of a Kiosk server")
        }
        client = WireClient(baseURL: url, token: token)
        verifier = JWSVerifier(trustedRoots: [root])
        streamAddress = .inet(host: host == "localhost" ? "127.0.0.1" : host, port: UInt16(url.port ?? 80))
        reattach = nil
        self.account = account
    }

    /// Connects to the store a state directory's owner serves on its Unix socket. When the
    /// owner goes away, `reattach` makes sure someone serves the socket again (this process,
    /// taking the state over, or whichever did), and calls carry on there.
    /// - Parameter handOverTimeout: how long a call waits, over every retry, for an owner that
    ///   answers (30 s by default: long enough for a new owner to open a large ledger).
    public init(
        socketPath: String, token: String, account: AccountName, root: Certificate,
        reattach: (@Sendable () async throws(StoreError) -> Void)?, handOverTimeout: Duration = .seconds(30)
    ) {
        client = WireClient(
            socketPath: socketPath, token: token, reattach: reattach, handOverTimeout: handOverTimeout)
        verifier = JWSVerifier(trustedRoots: [root])
        streamAddress = .unix(path: socketPath)
        self.reattach = reattach
        self.account = account
    }

    /// Connects, settling trust first: a pinned root is read from `directory`, or fetched from
    /// the server and written there (trust on first use, as SSH does).
    public static func connect(url: URL, token: String, account: AccountName, trust: Trust)
        async throws(StoreError)
        -> RemoteStore
    {
        switch trust {
        case .root(let root): return try RemoteStore(url: url, token: token, account: account, root: root)
        case .pinned(let directory):
            let file = directory.appendingPathComponent(pinFileName(for: url))
            // A pin that is there must read: replacing an unreadable one with whatever the
            // server serves now would trust a changed root without a word.
            var pinned: Certificate?
            if FileManager.default.fileExists(atPath: file.path) {
                do {
                    pinned = try Certificate.read(at: file.path)
                } catch {
                    throw StoreError.backend(
                        "the root pinned for \(url.absoluteString) in \(file.path) cannot be read (\(error)): "
                            + "delete it to pin the server's root again, or pass --root FILE")
                }
            }
            let client = WireClient(baseURL: url, token: token)
            // Asking every time costs one small GET, and turns a changed root into one clear
            // error here instead of every signature failing later.
            let pem = try await client.text("GET", "/v1/certificates/root")
            let root: Certificate
            do {
                root = try Certificate(pem: pem)
            } catch {
                throw StoreError.backend("the server's root certificate is not a certificate: \(error)")
            }
            if let pinned {
                guard pinned.derRepresentation == root.derRepresentation else {
                    throw StoreError.backend(
                        TrustMessages.pinMismatch(url: url, pinFile: file.path, pinned: pinned, served: root))
                }
                return try RemoteStore(url: url, token: token, account: account, root: pinned)
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(pem.utf8).write(to: file)
            } catch {
                throw StoreError.backend("cannot pin the server's root at \(file.path): \(error)")
            }
            return try RemoteStore(url: url, token: token, account: account, root: root)
        }
    }

    /// `pinned-roots/127.0.0.1-8686.pem`: one pin per server address.
    public static func pinFileName(for url: URL) -> String {
        "pinned-root-\(url.host ?? "server")-\(url.port ?? 80).pem"
    }

    /// Checks a signed value from the wire: its signature here, then the failure the server
    /// simulates, which makes a good signature unverified as on a device.
    nonisolated func check<T: SignedPayload>(_ wire: WireSigned, as type: T.Type = T.self) throws(StoreError)
        -> VerificationResult<T>
    {
        if wire.jws.isEmpty {
            guard let unsigned = wire.unsigned as? T else {
                throw StoreError.backend("the server sent an empty signature")
            }
            return .unverified(
                unsigned, wire.simulatedError ?? .missingRequiredProperties(reason: "not signed yet"), jws: ""
            )
        }
        let result: VerificationResult<T>
        do {
            result = try verifier.verify(wire.jws, as: T.self)
        } catch {
            throw StoreError.backend("the server sent an unreadable \(T.self): \(error)")
        }
        if case .verified(let value, let jws) = result, let simulated = wire.simulatedError {
            return .unverified(value, simulated, jws: jws)
        }
        return result
    }

    nonisolated func check(_ wires: [WireSigned]) throws(StoreError) -> [VerificationResult<Transaction>] {
        try wires.map { wire throws(StoreError) in try check(wire) }
    }

    /// The path of an account action: `/v1/accounts/<account>/<rest>`.
    func accountPath(_ rest: String...) -> String { Self.accountPath(account, rest) }

    func controlPath(_ rest: String...) -> String { Self.controlPath(account, rest) }

    static func accountPath(_ account: AccountName, _ rest: String...) -> String {
        accountPath(account, rest)
    }

    static func controlPath(_ account: AccountName, _ rest: String...) -> String {
        controlPath(account, rest)
    }

    static func accountPath(_ account: AccountName, _ rest: [String]) -> String {
        ([WireClient.path("v1", "accounts", account.rawValue)] + rest).joined(separator: "/")
    }

    static func controlPath(_ account: AccountName, _ rest: [String]) -> String {
        ([WireClient.path("v1", "control", "accounts", account.rawValue)] + rest).joined(separator: "/")
    }

    static func segment(_ text: String) -> String { String(WireClient.path(text).dropFirst()) }
}
