import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer

#if canImport(Glibc)
    import Glibc
#endif

/// One store per state directory. The first process to open a state owns it (`StateLock`),
/// keeps the ledger open, and serves the store on a Unix socket in the directory, speaking
/// the wire protocol of `kiosk serve`; every other process on that state is a client of it
/// (`RemoteStore` over the socket), so the paywall, `kiosk store` and a server always see one
/// store, live. When the owner goes, the next client to need the store takes the state over
/// (`reattach`) or finds whoever did.
public actor StateOwnership {
    public static let socketName = StateDirectoryLayout.socketName

    /// Opens this process's own store on the state (load the catalog, the authority, the
    /// ledger): called only once this process holds the lock.
    public typealias StoreOpener = @Sendable () throws -> (store: SimulatedStore, root: Certificate)

    /// What `attach` made of this process.
    public enum Role: Sendable {
        /// It owns the state: use the store directly (it is also served to the others).
        case owner(SimulatedStore)
        /// Another process owns it: use `clientStore`.
        case client
    }

    public nonisolated let directory: URL
    private let command: String
    private let openStore: StoreOpener
    private var lock: StateLock?
    private var server: HTTPServer?
    private var record: OwnerRecord?
    /// The store while this process owns the state.
    public private(set) var ownedStore: SimulatedStore?
    /// Told when this process takes the state over from an owner that went away.
    private var takeoverHandler: (@Sendable () -> Void)?
    private var problemHandler: @Sendable (String) -> Void = StateOwnership.standardErrorProblem
    private var ownedRoot: Certificate?

    /// - Parameter command: what this process is, for the others' messages ("kiosk store").
    public init(directory: URL, command: String, openStore: @escaping StoreOpener) {
        self.directory = directory
        self.command = command
        self.openStore = openStore
    }

    public nonisolated var socketPath: String { directory.appendingPathComponent(Self.socketName).path }

    /// The owner of the state now, as its record says (nil when none is alive).
    public nonisolated var owner: OwnerRecord? { OwnerRecord.read(in: directory) }

    /// Takes the state when nobody owns it, or finds the owner's socket answering; waits up to
    /// `timeout` for an owner that is still opening its ledger.
    /// - Throws: what opening the store threw, or `SharedStateError`.
    public func attach(timeout: Duration = .seconds(30)) async throws -> Role {
        if let ownedStore { return .owner(ownedStore) }
        let deadline = ContinuousClock.now + timeout
        while true {
            if let owned = try own() { return .owner(owned.store) }
            if socketAnswers() { return .client }
            guard ContinuousClock.now < deadline else {
                throw SharedStateError.ownerNotAnswering(directory: directory.path, owner: owner)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Takes the state if nobody owns it: returns the store and its root certificate, or nil
    /// when another process owns it.
    public func own() throws -> (store: SimulatedStore, root: Certificate)? {
        if let ownedStore, let ownedRoot { return (ownedStore, ownedRoot) }
        guard let lock = try StateLock.acquire(in: directory) else { return nil }
        // What is in the way is said before the store opens: a directory at the socket's place
        // would otherwise end in "Address already in use".
        try StateFileKind.require(.socket, at: socketPath, makes: "its socket")
        try OwnerRecord.checkPlace(in: directory)
        let (store, root) = try openStore()
        let token = try ServerToken.loadOrCreate(in: directory)
        // A socket file left by an owner that was killed: ours now, since we hold the lock.
        Self.removeSocket(socketPath)
        var configuration = HTTPServerConfiguration()
        configuration.socketPath = socketPath
        let server = try StoreServer(store: store, token: token, rootCertificate: root).serve(configuration)
        let record = OwnerRecord(command: command)
        write(record)
        (self.lock, self.server, self.record, ownedStore, ownedRoot) = (lock, server, record, store, root)
        return (store, root)
    }

    /// Notes where `kiosk serve` listens too, for the others' messages.
    public func announce(url: String) {
        guard var record else { return }
        record.url = url
        self.record = record
        write(record)
    }

    /// Calls `handler` whenever this process takes the state over (a paywall's status line).
    public func onTakeover(_ handler: @escaping @Sendable () -> Void) { takeoverHandler = handler }

    /// Calls `handler` with each failure this process can go on after but someone should hear
    /// of (an owner record that cannot be written), instead of writing it to standard error:
    /// a paywall sends it to its log, since curses owns the screen.
    public func onProblem(_ handler: @escaping @Sendable (String) -> Void) { problemHandler = handler }

    /// Writes the owner record. The record only names the owner in others' messages; the lock
    /// and the socket are the ownership, so a state whose record cannot be written is still
    /// served, and the failure is reported rather than left for a puzzled reader of "owned by
    /// another process" to find.
    private func write(_ record: OwnerRecord) {
        do {
            try record.write(in: directory)
        } catch {
            problemHandler(
                "cannot write the owner record \(directory.appendingPathComponent(OwnerRecord.fileName).path) "
                    + "(\(error)); the state is still served, but other processes' messages cannot name this one"
            )
        }
    }

    /// Where problems go until `onProblem` says otherwise: one line on standard error.
    private static let standardErrorProblem: @Sendable (String) -> Void = { line in
        // A line that cannot be written to standard error has nowhere else to go.
        try? FileHandle.standardError.write(contentsOf: Data("kiosk: \(line)\n".utf8))
    }

    /// Makes sure someone serves the socket again after the owner went away: this process
    /// takes the state over, or finds the process that did. A client's `RemoteStore` calls it.
    public func reattach() async throws(StoreError) {
        let wasOwner = ownedStore != nil
        do {
            if case .owner = try await attach(), !wasOwner { takeoverHandler?() }
        } catch let error as SharedStateError {
            throw StoreError.backend("\(error)")
        } catch {
            throw StoreError.backend("cannot take over the state directory \(directory.path): \(error)")
        }
    }

    /// A store that talks to the owner over the socket and re-attaches when it goes away.
    /// Signatures are checked against the state's own root certificate.
    public func clientStore(account: AccountName) throws -> RemoteStore {
        let root = try CertificateAuthority.storedRoot(
            directory: StateDirectoryLayout(directory).authority.path)
        let token = try ServerToken.loadOrCreate(in: directory)
        return RemoteStore(
            socketPath: socketPath, token: token, account: account, root: root,
            reattach: { [self] () async throws(StoreError) in try await reattach() })
    }

    /// Stops serving (requests under way finish first) and gives the state up.
    public func release() async {
        guard let server else { return }
        await server.stop(gracePeriod: 5)
        Self.removeSocket(socketPath)
        OwnerRecord.remove(in: directory)
        (self.server, lock, record, ownedStore, ownedRoot) = (nil, nil, nil, nil, nil)
    }

    /// Removes the socket at `path`, and only a socket.
    private static func removeSocket(_ path: String) {
        guard StateFileKind(at: path) == .socket else { return }
        unlink(path)
    }

    /// Whether a process accepts connections on the socket.
    private nonisolated func socketAnswers() -> Bool {
        // A refused or failed connection is the answer: nobody accepts on it.
        guard let socket = try? ClientSocket(address: .unix(path: socketPath)) else { return false }
        socket.close()
        return true
    }
}
