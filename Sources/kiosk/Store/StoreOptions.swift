import Catalog
import CommandLineOptions
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import SourceDiagnostics
import StoreCore
import StoreServer

/// `--store sim|URL`: the simulator, or a `kiosk serve` server.
enum StoreBackend: Sendable, Equatable {
    case simulator
    case server(URL)

    @Sendable init(option text: String) throws(UsageError) {
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
    var url: URL? {
        guard case .server(let url) = self else { return nil }
        return url
    }
}

/// The options every command that opens a store shares: which catalog, where the state lives,
/// which account, and the identity signed payloads carry.
struct StoreOptions: Sendable {
    /// `--catalog`, `--state`, `--ephemeral`: the store itself (`kiosk serve` takes only these
    /// and ``Identity``).
    struct Local: ParsableOptions {
        @Option(StoreOptions.catalogOption) var catalog: String?
        @Option(StateDirectory.option) var state: String?
        @Flag("ephemeral", help: "Keep the store in memory; nothing is written.") var ephemeral: Bool
    }

    /// What signed payloads carry.
    struct Identity: ParsableOptions {
        @Option("bundle-id", value: "ID", help: "Bundle ID signed payloads carry (default dev.kiosk.demo).")
        var bundleID: String?
        @Option(
            "app-apple-id", value: "N", help: "App Apple ID signed payloads carry (default 1234567890).",
            transform: StoreOptions.appAppleID)
        var appAppleID: Int64?
        @Option(
            "environment", value: "ENV", help: "Sandbox (default), Production, Xcode or LocalTesting.",
            completion: .words(AppStoreEnvironment.allCases.map(\.rawValue)),
            transform: StoreOptions.environment)
        var environment: AppStoreEnvironment?
    }

    /// A `kiosk serve` server instead of the simulator.
    struct Remote: ParsableOptions {
        @Option(StoreOptions.storeOption, transform: StoreBackend.init(option:)) var store: StoreBackend?
        @Option(
            "server-token", value: "TOKEN",
            help:
                "--store URL: the server's bearer token (default: $KIOSK_SERVER_TOKEN, else STATE/server-token)."
        )
        var serverToken: String?
        @Option(
            "root", value: "FILE",
            help: "--store URL: trust this root (default: pin the server's on first contact).")
        var root: String?
    }

    /// Every store option, in the order `--help` lists them.
    struct Group: ParsableOptions {
        @OptionGroup var local: Local
        @Option(
            "account", value: "NAME",
            help: "The sandbox account to act for (default: tester; created if missing).",
            completion: .dynamic("accounts"))
        var account: String?
        @OptionGroup var identity: Identity
        @OptionGroup var remote: Remote
    }

    static let catalogOption = OptionDefinition.option(
        "catalog", value: "FILE|NAME", help: "A .storekit file or a bundled catalog name (default: demo).",
        completion: catalogCompletion)
    /// A bundled catalog's name, or any file.
    static let catalogCompletion = CompletionValues(
        words: BundledResources.names("catalogs", suffix: ".storekit"), files: true)
    static let storeOption = OptionDefinition.option(
        "store", value: "sim|URL", help: "sim (default), or a kiosk serve URL such as http://127.0.0.1:8686.",
        completion: storeCompletion)
    static let storeCompletion = CompletionValues.words(["sim", "http://127.0.0.1:8686"])

    var catalogPath: String
    var state: StateDirectory
    var isEphemeral: Bool
    var account: String?
    var identity: AppIdentity
    /// A server to use instead of the local simulator.
    var remote: URL?
    var serverToken: String?
    var rootPath: String?

    /// Where the store lives, in words for messages: "the ephemeral store" or the directory.
    var placeDescription: String { isEphemeral ? "the ephemeral store" : state.url.path }
    /// `kiosk store reset`: a damaged state directory is moved aside instead of refused.
    var resetsDamagedState = false

    init(_ group: Group) throws(UsageError) {
        try self.init(
            local: group.local, account: group.account, identity: group.identity, remote: group.remote)
    }

    /// The store of a command that takes some of the options (`kiosk serve`: no account, no server).
    init(
        local: Local, account: String? = nil, identity: Identity = Identity(), remote: Remote = Remote()
    ) throws(UsageError) {
        try self.init(
            catalog: local.catalog, state: local.state, ephemeral: local.ephemeral, account: account,
            identity: identity, remote: remote.store?.url, serverToken: remote.serverToken,
            rootPath: remote.root)
    }

    /// The store the options name; what a command does not take stays at its default.
    init(
        catalog: String?, state: String?, ephemeral: Bool = false, account: String? = nil,
        identity: Identity = Identity(), remote: URL? = nil, serverToken: String? = nil,
        rootPath: String? = nil
    ) throws(UsageError) {
        if let catalog, !catalog.contains("/"), !catalog.hasSuffix(".storekit") {
            guard let bundled = BundledResources.catalog(named: catalog) else {
                throw UsageError(
                    Suggestion.appending(
                        to:
                            "no bundled catalog '\(catalog)': use demo, shelf or minimal, or a path to a .storekit file",
                        word: catalog, candidates: BundledResources.catalogNames))
            }
            catalogPath = bundled.path
        } else {
            catalogPath = catalog ?? BundledResources.demoCatalog.path
        }
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
        if let bundleID = identity.bundleID { self.identity.bundleID = bundleID }
        if let appAppleID = identity.appAppleID { self.identity.appAppleID = appAppleID }
        if let environment = identity.environment { self.identity.environment = environment }
    }

    /// `--app-apple-id N`: a positive number.
    @Sendable static func appAppleID(_ text: String) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("--app-apple-id needs a positive number, got '\(text)'")
        }
        return id
    }

    /// `--environment ENV`, in any case (`production` is Production).
    @Sendable static func environment(_ text: String) throws(UsageError) -> AppStoreEnvironment {
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
    func makeAnyStore() async throws -> any Store & StoreControl {
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
    func loadCatalog() throws -> LoadedCatalog {
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
    func makeStore(frozenClock: Bool = false, catalog: LoadedCatalog? = nil) throws -> SimulatedStore {
        try makeStoreAndAuthority(frozenClock: frozenClock, catalog: catalog).store
    }

    /// `makeStore`, with the authority that signs for it (a server serves its root).
    func makeStoreAndAuthority(
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
                    catalog: catalog, identity: identity, account: account, frozenClock: frozenClock,
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
