import Catalog
import CommandLineOptions
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore
import StoreServer

/// `--store sim|URL`: the simulator, or a `kiosk serve` server.
public enum StoreBackend: Sendable, Equatable {
    case simulator
    case server(URL)

    @Sendable public init(option text: String) throws(UsageError) {
        guard text != "sim" else {
            self = .simulator
            return
        }
        guard let url = ServerAddress.url(text) else {
            throw UsageError(
                "--store needs sim or an http:// URL such as \(ServerAddress.example), got '\(text)'")
        }
        self = .server(url)
    }

    /// The server's URL; nil for the simulator.
    public var url: URL? {
        guard case .server(let url) = self else { return nil }
        return url
    }
}

/// The options every command that opens a store shares: which catalog, where the state lives,
/// which account, and the identity signed payloads carry.
public struct StoreOptions: Sendable {
    /// `--catalog`, `--state`, `--ephemeral`: the store itself (`kiosk serve` takes only these
    /// and ``Identity``).
    public struct Local: ParsableOptions {
        @Option(StoreOptions.catalogOption) public var catalog: String?
        @Option(StateDirectory.option) public var state: String?
        @Flag("ephemeral", help: "Keep the store in memory; nothing is written.") public var ephemeral: Bool

        public init() {}
    }

    /// What signed payloads carry.
    public struct Identity: ParsableOptions {
        @Option("bundle-id", value: "ID", help: "Bundle ID signed payloads carry (default dev.kiosk.demo).")
        public var bundleID: String?
        @Option(
            "app-apple-id", value: "N", help: "App Apple ID signed payloads carry (default 1234567890).",
            transform: StoreOptions.appAppleID)
        public var appAppleID: Int64?
        @Option(
            "environment", value: "ENV", help: "Sandbox (default), Production, Xcode or LocalTesting.",
            completion: .words(AppStoreEnvironment.allCases.map(\.rawValue)),
            transform: StoreOptions.environment)
        public var environment: AppStoreEnvironment?

        /// No option given: what `kiosk serve` and commands without these options use.
        public init() {}
    }

    /// A `kiosk serve` server instead of the simulator.
    public struct Remote: ParsableOptions {
        @Option(StoreOptions.storeOption, transform: StoreBackend.init(option:))
        public var store: StoreBackend?
        @Option(
            "server-token", value: "TOKEN",
            help:
                "--store URL: the server's bearer token (default: $KIOSK_SERVER_TOKEN, else STATE/server-token)."
        )
        public var serverToken: String?
        @Option(
            "root", value: "FILE",
            help: "--store URL: trust this root (default: pin the server's on first contact).")
        public var root: String?

        /// No server: the simulator.
        public init() {}
    }

    /// Every store option, in the order `--help` lists them.
    public struct Group: ParsableOptions {
        @OptionGroup public var local: Local
        @Option(
            "account", value: "NAME",
            help: "The sandbox account to act for (default: tester; created if missing).",
            completion: .dynamic("accounts"), transform: AccountName.init(rawValue:))
        public var account: AccountName?
        @OptionGroup public var identity: Identity
        @OptionGroup public var remote: Remote

        public init() {}
    }

    public static let catalogOption = OptionDefinition.option(
        "catalog", value: "FILE|NAME", help: "A .storekit file or a bundled catalog name (default: demo).",
        completion: catalogCompletion)
    /// A bundled catalog's name, or any file.
    public static let catalogCompletion = CompletionValues(
        words: BundledResources.names("catalogs", suffix: ".storekit"), files: true)
    public static let storeOption = OptionDefinition.option(
        "store", value: "sim|URL", help: "sim (default), or a kiosk serve URL such as http://127.0.0.1:8686.",
        completion: storeCompletion)
    public static let storeCompletion = CompletionValues.words(["sim", "http://127.0.0.1:8686"])

    public var catalogPath: String
    public var state: StateDirectory
    public var isEphemeral: Bool
    public var account: AccountName?
    public var identity: AppIdentity
    /// Whether `--bundle-id`, `--app-apple-id` or `--environment` was given: if not, a state
    /// keeps the identity it recorded (docs/state.md).
    public var identityIsGiven = false
    /// The identity to open a store with: nil keeps the state's.
    var identityToRecord: AppIdentity? { identityIsGiven ? identity : nil }
    /// A server to use instead of the local simulator.
    public var remote: URL?
    public var serverToken: String?
    public var rootPath: String?

    /// Where the store lives, in words for messages: "the ephemeral store" or the directory.
    public var placeDescription: String { isEphemeral ? "the ephemeral store" : state.url.path }
    /// `kiosk store reset`: a damaged state directory is moved aside instead of refused.
    public var resetsDamagedState = false

    public init(_ group: Group) throws(UsageError) {
        try self.init(
            local: group.local, account: group.account, identity: group.identity, remote: group.remote)
    }

    /// The store of a command that takes some of the options (`kiosk serve`: no account, no server).
    public init(
        local: Local, account: AccountName? = nil, identity: Identity = Identity(), remote: Remote = Remote()
    ) throws(UsageError) {
        try self.init(
            catalog: local.catalog, state: local.state, ephemeral: local.ephemeral, account: account,
            identity: identity, remote: remote.store?.url, serverToken: remote.serverToken,
            rootPath: remote.root)
    }

    /// The store the options name; what a command does not take stays at its default.
    public init(
        catalog: String?, state: String?, ephemeral: Bool = false, account: AccountName? = nil,
        identity: Identity = Identity(), remote: URL? = nil, serverToken: String? = nil,
        rootPath: String? = nil
    ) throws(UsageError) {
        catalogPath = try BundledResources.catalogPath(catalog)
        self.state = StateDirectory(explicitPath: state)
        isEphemeral = ephemeral
        if ephemeral && state != nil {
            throw UsageError("--ephemeral and --state contradict each other: choose one")
        }
        self.account = account
        self.remote = remote
        self.serverToken = serverToken
        self.rootPath = rootPath
        self.identity = AppIdentity()
        identityIsGiven =
            identity.bundleID != nil || identity.appAppleID != nil || identity.environment != nil
        if let bundleID = identity.bundleID { self.identity.bundleID = bundleID }
        if let appAppleID = identity.appAppleID { self.identity.appAppleID = appAppleID }
        if let environment = identity.environment { self.identity.environment = environment }
    }

    /// `--app-apple-id N`: a positive number.
    @Sendable public static func appAppleID(_ text: String) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("--app-apple-id needs a positive number, got '\(text)'")
        }
        return id
    }

    /// `--environment ENV`, in any case (`production` is Production).
    @Sendable public static func environment(_ text: String) throws(UsageError) -> AppStoreEnvironment {
        guard
            let environment = AppStoreEnvironment.allCases.first(where: {
                $0.rawValue.lowercased() == text.lowercased()
            })
        else {
            throw UsageError(
                "--environment must be Sandbox, Production, Xcode or LocalTesting, got '\(text)'")
        }
        return environment
    }

    /// The store the options name: a `RemoteStore` for `--store URL`, else the simulator.
    public func makeAnyStore() async throws -> any Store & StoreControl {
        guard let remote else { return try makeStore() }
        do throws(ServerConnection.Failure) {
            return try await ServerConnection.connect(
                url: remote, tokenFlag: serverToken, stateDirectory: state.url, rootPath: rootPath,
                account: account)
        } catch {
            let exit: ExitCode =
                switch error {
                case .noToken: .usage
                case .unreadableToken: .noInput
                case .unreadableRoot: .dataError
                case .failed: .failure
                }
            throw CommandFailure("kiosk: \(error)", exit: exit)
        }
    }

    /// Reads the catalog the options name. A command that needs it in several places (the
    /// paywall: its store, its copy, the remote check) reads it once and hands the value on.
    /// - Throws: `CommandFailure` (exit `.dataError`) naming what is wrong with the catalog.
    public func loadCatalog() throws -> LoadedCatalog {
        do {
            return try LoadedCatalog.load(contentsOf: catalogPath)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
    }

    /// Loads the catalog (unless given), opens the signing authority and the ledger, and builds
    /// the store.
    /// - Throws: `CommandFailure` saying what is wrong: exit `.dataError` for a bad catalog,
    ///   `.cannotCreate` for unusable state.
    public func makeStore(frozenClock: Bool = false, catalog: LoadedCatalog? = nil) throws -> SimulatedStore {
        try makeStoreAndAuthority(frozenClock: frozenClock, catalog: catalog).store
    }

    /// `makeStore`, with the authority that signs for it (a server serves its root).
    public func makeStoreAndAuthority(
        frozenClock: Bool = false, catalog: LoadedCatalog? = nil, execution: StoreExecution = .ownThread
    ) throws -> (
        store: SimulatedStore, authority: CertificateAuthority
    ) {
        let catalog = try catalog ?? loadCatalog()
        do throws(StateDirectory.OpeningError) {
            let opened =
                isEphemeral
                ? try ephemeralStore(catalog: catalog, frozenClock: frozenClock, execution: execution)
                : try state.openStore(
                    catalog: catalog, identity: identityToRecord, account: account, frozenClock: frozenClock,
                    execution: execution, resettingDamage: resetsDamagedState, warn: StateDirectory.warn)
            return (opened.store, opened.authority)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .cannotCreate)
        }
    }

    /// `--ephemeral`: a store in memory with an authority of its own.
    private func ephemeralStore(catalog: LoadedCatalog, frozenClock: Bool, execution: StoreExecution)
        throws(StateDirectory.OpeningError) -> SimulatedStore.Opened
    {
        do throws(SimulatedStore.OpeningError) {
            return try SimulatedStore.openSigned(
                catalog: catalog, location: try .ephemeral(), identity: identity, account: account,
                frozenClock: frozenClock, execution: execution)
        } catch .authority(let error) {
            // Named as every other failure to make a store's authority is.
            throw .unusable(path: state.url.path, reason: "\(error)")
        } catch {
            throw .store(error)
        }
    }
}
