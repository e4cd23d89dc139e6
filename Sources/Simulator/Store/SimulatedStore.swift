import Foundation
import StoreCore

/// Where the ledger lives.
public enum LedgerLocation: Sendable, Hashable {
    /// `ledger.sqlite` in this directory (created if needed).
    case directory(URL)
    /// In memory only (`--ephemeral`): nothing survives the process.
    case memory

    var path: String {
        switch self {
        case .directory(let url): url.appendingPathComponent("ledger.sqlite").path
        case .memory: ":memory:"
        }
    }
}

/// A store that behaves like the App Store under Xcode's StoreKit testing, driven by a
/// catalog, on any machine: the `Store` an app sees and the `StoreControl` a tester drives,
/// for the active account. Every change is one SQLite transaction in the ledger.
public actor SimulatedStore {
    /// Where the store runs: by default on a thread of its own, so the ledger's fsync and the
    /// signing of large batches never block Swift's cooperative pool (`StoreExecution`).
    nonisolated let executor: StoreExecutorChoice
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }
    let ledger: Ledger
    /// The ledger's group commit (nil in memory), waited on outside the store (`durable`).
    nonisolated let groupSync: GroupSync?
    let state: StoreState
    /// The state's answers of `latest(for:)`, for callers on other threads (`AccountBoundStore`).
    nonisolated let latestReads: LatestReadCache
    /// The state's accounts found to exist, for the same callers.
    nonisolated let knownAccounts: KnownAccounts
    let products: ProductIndex
    let signer: any PayloadSigner
    let offerChecker: (any OfferSignatureChecking)?
    let wallClock: @Sendable () -> Date
    /// The account `switchAccount` chose.
    var selectedAccount: String

    /// The account `Store` and `StoreControl` calls act for: the task's `requestAccount` when
    /// one is bound (a server serving many accounts at once), else the selected account.
    public var activeAccount: String { Self.requestAccount ?? selectedAccount }

    /// The account of the call being made, bound only by `AccountBoundStore` right around one
    /// call: callers hold the account as a value (`store.acting(for:)`), never as an ambient
    /// task-local that a `Task.detached` would silently drop.
    @TaskLocal static var requestAccount: String?
    /// Set while a request runs under `grouped`: its commits are made durable together with
    /// other requests' before it answers (group commit), not one fsync each.
    @TaskLocal static var groupsCommits = false
    var updateWatchers:
        [UUID: (account: String, continuation: AsyncStream<VerificationResult<Transaction>>.Continuation)] =
            [:]
    var messageWatchers: [UUID: (account: String, continuation: AsyncStream<StoreMessage>.Continuation)] = [:]
    var eventWatchers: [UUID: (account: String?, continuation: AsyncStream<StoreEvent>.Continuation)] = [:]
    var logWatchers: [UUID: (account: String, continuation: AsyncStream<LoggedUpdate>.Continuation)] = [:]
    var clockTask: Task<Void, Never>?
    /// What `clockTask` waits for (`SimulatedStore+Clock`).
    var clockTarget: ClockTarget?
    /// Set by `keepTime()`: due events run at their time even with nobody watching.
    var keepsTime = false
    /// Webhook deliveries waiting for new notifications (`outboxSignals`).
    var outboxListeners: [UUID: AsyncStream<Void>.Continuation] = [:]
    /// Signatures of recently signed transactions, so reads of them skip the ledger.
    var recentSignatures = SignatureCache()
    /// How many due events one commit runs at most while catching up (a month's renewals of
    /// 20,000 accounts are forty commits, not one holding all of them in memory; 500 measured
    /// fastest in `kiosk-bench simulate`, 250 and 2,000 both slower).
    var dueEventsPerCommit = 500

    /// The account a new store starts with.
    public static let defaultAccount = "tester"

    /// Opens (or creates) a store for `catalog`.
    /// - Parameters:
    ///   - account: the account to act for; created when missing (default: `tester`).
    ///   - frozenClock: time moves only when advanced (tests and scripts).
    ///   - execution: where the store's work runs (`.callerThreads` for a server's connection threads).
    public init(
        catalog: any ProductCatalog, ledger location: LedgerLocation, signer: any PayloadSigner,
        offerChecker: (any OfferSignatureChecking)? = nil, identity: AppIdentity = AppIdentity(),
        account: String? = nil, frozenClock: Bool = false, execution: StoreExecution = .ownThread,
        notificationSeed: UInt64? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) {
        executor = StoreExecutorChoice(execution)
        let ledger: Ledger
        do throws(LedgerError) {
            ledger = try Ledger(path: location.path)
        } catch {
            throw StoreError(error)
        }
        self.ledger = ledger
        groupSync = ledger.groupSync
        let wall = wallClock()
        // Only the settings, clock and counters: accounts are read when they are used.
        let loaded: StoreMeta?
        do throws(LedgerError) {
            loaded = try ledger.loadMeta()
        } catch {
            throw StoreError(error)
        }
        let state = StoreState(
            meta: loaded
                ?? StoreMeta(
                    settings: catalog.defaultSettings,
                    simulatedErrors: Self.codes(catalog.defaultSimulatedErrors),
                    clock: VirtualClock(
                        start: wall, wall: wall, rate: catalog.defaultSettings.timeRate, isFrozen: frozenClock
                    ),
                    nextTransactionID: 2_000_000_000_000_001, nextNotificationSequence: 0, identity: identity),
            ledger: ledger)
        let products = ProductIndex(catalog: catalog, locale: state.meta.settings.locale)
        // Always the same default, whatever accounts were added since: a later `account add carol`
        // must not change who every following command acts for.
        let name = account ?? Self.defaultAccount
        // First use of a state directory, or new identity settings: record them before serving.
        var action = StagedAction(
            base: state, signer: signer, products: products, now: state.meta.clock.now(wall: wall))
        var meta = action.meta
        if loaded == nil || meta.identity != identity || meta.clock.isFrozen != frozenClock {
            if loaded == nil { meta.notificationIDPrefix = NotificationID.prefix(seed: notificationSeed) }
            meta.identity = identity
            meta.clock.setFrozen(frozenClock, wall: wall)
            action.setMeta(meta)
        }
        if action.account(name) == nil {
            action.put(
                Self.newAccount(
                    StoreAccount(name: name, storefront: meta.settings.storefront), at: action.now))
        }
        // The account this store acts for is read whole, strictly, before serving: a damaged
        // row of it fails the open naming the row, as a whole-ledger load used to.
        _ = action.transactions(of: name)
        _ = state.idempotency(IdempotencyKey(account: name, key: ""))
        if let failure = state.takeFailure() { throw StoreError(failure) }
        let changes = Self.journalingOpening(action.changes, account: name, at: action.now, wall: wall)
        do throws(LedgerError) {
            try ledger.commit(changes)
            try ledger.syncNow()
        } catch {
            throw StoreError(error)
        }
        state.apply(changes)
        try Self.buildDueIndexIfNeeded(ledger: ledger, state: state, signer: signer, products: products)
        self.state = state
        latestReads = state.latestReads
        knownAccounts = state.knownAccounts
        self.products = products
        self.signer = signer
        self.offerChecker = offerChecker
        self.wallClock = wallClock
        self.selectedAccount = name
    }

    static func newAccount(_ account: StoreAccount, at date: Date) -> AccountRecord {
        AccountRecord(
            account: account,
            appTransactionID: appTransactionID(name: account.name, createdAt: date),
            createdAt: date)
    }

    /// An account's app transaction ID, in Apple's range and derived from its name and the
    /// store time it was made (FNV-1a), not drawn at random: the same script on a frozen clock
    /// gives the same IDs every run (rehearsals compare their output byte for byte).
    static func appTransactionID(name: String, createdAt date: Date) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(name)|\(Int64(saturating: date.timeIntervalSince1970 * 1000))".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(700_000_000_000_000_000 + hash % 100_000_000_000_000_000)
    }

    static func codes(_ failures: [FailableAPI: SimulatedFailure]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: failures.map { ($0.key.key, $0.value.code) })
    }

    // MARK: Running actions

    /// The store's clock now. It stops at the last date the signer can sign: a fast time rate
    /// left running (a day a second reaches the limit in an hour) must not wedge the store.
    var currentTime: Date { min(state.meta.clock.now(wall: wallClock()), signer.latestSigningDate) }

    /// Runs one action: stage, commit to the ledger in one SQLite transaction, then apply and
    /// announce. Nothing of a failed action is kept.
    @discardableResult
    func runAction<T>(_ body: (inout StagedAction) throws(StoreError) -> T) throws(StoreError) -> T {
        // Renewals due by now run first, in batches of their own, so that a month's renewals
        // for every account never have to sit in memory at once.
        try catchUp()
        return try commitAction(dueLimit: Int(Int32.max), journals: true, body).result
    }

    /// Stages, commits and announces one action, after the events due by now (at most
    /// `dueLimit` of them; `drained` says whether that was all).
    private func commitAction<T>(
        dueLimit: Int, journals: Bool = false, _ body: (inout StagedAction) throws(StoreError) -> T
    ) throws(StoreError) -> (result: T, drained: Bool) {
        var action = StagedAction(base: state, signer: signer, products: products, now: currentTime)
        // A read that failed outside an action was answered there; this action starts clean.
        _ = state.takeFailure()
        // The due-event index knows the earliest event: skip the walk while nothing is due.
        var drained = true
        if state.earliestDue() <= action.now {
            drained = try action.advanceSubscriptions(to: action.now, limit: dueLimit)
        }
        let result: T
        do throws(StoreError) {
            result = try body(&action)
        } catch {
            // A read the action relied on failed (its rows could not be read): that failure,
            // not the "not found" it led the action to, is the reason.
            try checkReads()
            throw error
        }
        // A large batch (a clock advance's renewals) is signed on the other cores while the
        // ledger writes its other rows; a small one at once.
        let helpers = Changeset.helpers(for: action.changes.unsigned.count)
        var changes = try Self.sealed(action, signsNow: helpers == 0)
        // Something the action needed could not be read: it must not commit on a partial view.
        if let failure = state.takeFailure() { throw StoreError(failure) }
        let announcements = action.announcements
        // Catch-up batches are the store's own work, journaled as such; the action's own commit
        // is its line.
        let journaled = addJournalLine(
            to: &changes, result: result, scope: journals ? Self.journalScope : nil)
        let signing = helpers == 0 ? nil : changes.startSigning(with: signer, helpers: helpers)
        let sequences: [Int64]
        do throws(LedgerError) {
            // A signing failure leaves the ledger's write without its signatures, which fails
            // it; `finish()` below then throws the signing error itself.
            let late = signing.map { signing in { try? signing.finish() } }
            if Self.groupsCommits && groupSync != nil {
                // A request joins the open batch, committed with the requests queued beside it
                // before any of them answers (`commitBatch`).
                sequences = try ledger.commitInBatch(changes, lateSignatures: late).sequences
            } else {
                sequences = try ledger.commit(changes, lateSignatures: late)
            }
        } catch {
            forgetRolledBackBatch()
            // The helpers may still be signing: let them end, and say why signing failed.
            if let signing {
                do throws(StoreError) { _ = try signing.finish() } catch { throw error }
            }
            throw StoreError(error)
        }
        if let signing {
            // Finished inside the commit: this returns what was signed there.
            changes.signatures.merge(try signing.finish()) { $1 }
            changes.unsigned = [:]
        }
        if journaled && journals { Self.journalScope?.markRecorded() }
        // Inside `grouped` the caller waits for the batch's fsync before it answers; any
        // other action is made durable here, before anyone hears of it.
        if !Self.groupsCommits {
            do throws(LedgerError) {
                try ledger.syncNow()
            } catch {
                throw StoreError(error)
            }
        }
        state.apply(changes)
        state.trim()
        recentSignatures.remember(changes.signatures)
        deliver(announcements, sequences: sequences)
        if !changes.notifications.isEmpty { signalOutbox() }
        rescheduleClockIfNeeded()
        return (result, drained)
    }

    /// Runs every renewal and expiry due by now, in date order, `dueEventsPerCommit` at a time.
    ///
    /// The chunks bound memory; on disk `chunksPerTransaction` of them share a SQLite
    /// transaction and all of them one fsync, so a page several chunks touch (a subscription's
    /// record, an index page) reaches the WAL once per transaction instead of once a chunk.
    /// Inside a request's group they join the request's batch; otherwise they are committed
    /// and made durable before this returns.
    func catchUp() throws(StoreError) {
        // Most reads find nothing due: skip staging an empty action.
        guard state.earliestDue() <= currentTime else { return }
        guard !Self.groupsCommits, groupSync != nil else { return try catchUpInChunks() }
        var failure: StoreError?
        do {
            try Self.$groupsCommits.withValue(true) { try catchUpInChunks() }
        } catch let error as StoreError {
            // The chunks before the failed one stay, as if each had committed on its own.
            failure = error
        } catch {
            failure = StoreError.backend("\(error)")
        }
        do throws(LedgerError) {
            try ledger.syncNow()
        } catch {
            forgetRolledBackBatch()
            throw StoreError(error)
        }
        if let failure { throw failure }
    }

    private func catchUpInChunks() throws(StoreError) {
        var chunks = 0
        while state.earliestDue() <= currentTime {
            if try commitAction(dueLimit: dueEventsPerCommit, { _ in }).drained { return }
            chunks += 1
            guard chunks.isMultiple(of: Self.chunksPerTransaction), groupSync != nil else { continue }
            // Committed (not yet durable) every few chunks, so the checkpointer can copy them
            // and the log stays small, and their pages go to the disk while the next are staged.
            do throws(LedgerError) {
                try ledger.flushBatch()
            } catch {
                forgetRolledBackBatch()
                throw StoreError(error)
            }
            groupSync?.startSync()
        }
    }

    /// How many catch-up chunks share a SQLite transaction.
    static let chunksPerTransaction = 4

    /// Throws the failure of a read the answer being built relied on, if one failed.
    func checkReads() throws(StoreError) {
        if let failure = state.takeFailure() { throw StoreError(failure) }
    }

    /// A transaction an action just committed, read back.
    func committed(_ id: UInt64) throws(StoreError) -> StoredTransaction {
        guard let stored = state.transaction(id) else {
            try checkReads()
            throw StoreError.backend("transaction \(id) was committed but cannot be read back")
        }
        return stored
    }

    /// Throws the simulated failure configured for `api`, if any.
    func checkSimulatedError(_ api: FailableAPI) throws(StoreError) {
        try state.meta.checkSimulatedError(api)
    }
}
