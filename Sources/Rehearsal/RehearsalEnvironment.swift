import Catalog
import Foundation
import Paywall
import Signing
import Simulator
import StoreCore
import Synchronization
import TerminalUI

/// What a rehearsal needs from where it runs: bundled catalogs and themes, and the store to
/// run on (an ephemeral simulator, or a server for `--store URL`).
public struct RehearsalEnvironment: Sendable {
    /// A bundled catalog's path by name (`demo`), or nil.
    public var bundledCatalog: @Sendable (String) -> String?
    /// The catalog a rehearsal without a `catalog` line uses.
    public var defaultCatalog: String
    public var themesDirectory: String
    /// Opens the store one rehearsal runs on.
    public var openStore: @Sendable (StoreRequirements) async throws -> RehearsalStore
    /// Where `screenshot NAME` writes `NAME.txt` (a folder per rehearsal); nil keeps them in memory.
    public var screenshotDirectory: String?
    /// The paywall's size until a `size` line sets one (`--play`: the terminal's, less the caption).
    public var paywallSize = Size(columns: 100, rows: 30)

    public init(
        bundledCatalog: @escaping @Sendable (String) -> String?, defaultCatalog: String,
        themesDirectory: String,
        openStore: @escaping @Sendable (StoreRequirements) async throws -> RehearsalStore,
        screenshotDirectory: String? = nil
    ) {
        self.bundledCatalog = bundledCatalog
        self.defaultCatalog = defaultCatalog
        self.themesDirectory = themesDirectory
        self.openStore = openStore
        self.screenshotDirectory = screenshotDirectory
    }
}

/// What a rehearsal's set-up asks of its store.
public struct StoreRequirements: Sendable {
    public var catalog: LoadedCatalog
    /// The account to act for; the store's default when nil.
    public var account: AccountName?
    /// Where the frozen clock starts.
    public var clock: Date
    /// The rehearsal's name (a server gives each rehearsal an account of its own).
    public var rehearsal: String
    /// Seeds what the store would otherwise draw at random (notification UUIDs).
    public var seed: UInt64
    /// A customer to start from (an `import` line).
    public var history: RequiredHistory?

    public init(
        catalog: LoadedCatalog, account: AccountName? = nil, clock: Date, rehearsal: String = "",
        seed: UInt64 = 0
    ) {
        self.catalog = catalog
        self.account = account
        self.clock = clock
        self.rehearsal = rehearsal
        self.seed = seed
    }
}

/// A customer's history a rehearsal starts from, and the clock it asks for (nil: the history's).
public struct RequiredHistory: Sendable {
    public var history: CustomerHistory
    public var at: Date?
    /// The catalog's file, for messages naming a product it lacks.
    public var catalog: String
}

/// The store a rehearsal runs on.
public struct RehearsalStore: Sendable {
    public var backend: EffectRunner.Backend
    /// How long a step's store events may take to arrive: none in-process, where the store has
    /// handed them over before the call returns; a server's event stream lags a little.
    public var settle: Duration
    /// Verifies a transaction's JWS against the store's root: nil when it verifies, else why not.
    public var verify: @Sendable (String, Date) -> String?
    public var close: @Sendable () async -> Void

    public init(
        backend: EffectRunner.Backend, settle: Duration,
        verify: @escaping @Sendable (String, Date) -> String?,
        close: @escaping @Sendable () async -> Void
    ) {
        self.backend = backend
        self.settle = settle
        self.verify = verify
        self.close = close
    }

    /// An in-memory simulator on a frozen clock: time moves only when a step moves it, so the
    /// same file gives the same IDs, dates and payloads every time. One signing authority
    /// serves every rehearsal of a run (making one costs more than a whole rehearsal). The store
    /// is in memory, so it has no fsync to keep off the cooperative pool: it runs on its
    /// callers' threads rather than start a thread for each rehearsal.
    public static func simulator(_ requirements: StoreRequirements) async throws -> RehearsalStore {
        let authority = try SharedAuthority.shared()
        let clock = requirements.clock
        let store = try SimulatedStore.open(
            catalog: requirements.catalog, location: .memory(signedBy: authority),
            account: requirements.account, frozenClock: true, execution: .callerThreads,
            notificationSeed: requirements.seed, wallClock: { clock })
        if let required = requirements.history {
            do {
                _ = try await store.importHistory(
                    required.history, account: requirements.account, at: required.at,
                    catalogName: required.catalog)
            } catch {
                throw StepFailure("import: \(error)")
            }
        }
        let verifier = JWSVerifier(trustedRoots: [authority.root])
        return RehearsalStore(
            backend: store, settle: .zero,
            verify: { jws, now in
                do {
                    let result = try verifier.verify(jws, as: Transaction.self, now: now)
                    if case .unverified(_, let error, _) = result { return "\(error)" }
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            close: {})
    }
}

/// The process's one signing authority for rehearsals, made on first use.
private enum SharedAuthority {
    static let authority = Mutex<CertificateAuthority?>(nil)

    static func shared() throws -> CertificateAuthority {
        try authority.withLock { current in
            if let current { return current }
            // Valid from 2020 to 2029 whatever day it is, so a rehearsal's frozen clock (2026 by
            // default) signs with certificates valid at its dates.
            let made = try CertificateAuthority.ephemeral(now: Date(timeIntervalSince1970: 1_577_836_800))
            current = made
            return made
        }
    }
}
