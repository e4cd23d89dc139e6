import Foundation
import StoreCore

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
    var selectedAccount: AccountName

    /// The account `Store` and `StoreControl` calls act for: the task's `requestAccount` when
    /// one is bound (a server serving many accounts at once), else the selected account.
    public var activeAccount: AccountName { Self.requestAccount ?? selectedAccount }

    /// The account of the call being made, bound only by `AccountBoundStore` right around one
    /// call: callers hold the account as a value (`store.acting(for:)`), never as an ambient
    /// task-local that a `Task.detached` would silently drop.
    @TaskLocal static var requestAccount: AccountName?
    /// Set while a request runs under `grouped`: its commits are made durable together with
    /// other requests' before it answers (group commit), not one fsync each.
    @TaskLocal static var groupsCommits = false
    /// The streams listening to the store (`StoreWatchers`).
    var watchers = StoreWatchers()
    /// The timer for the earliest due event (`SimulatedStore+Clock`).
    var timer = DueTimer()
    /// Set by `keepTime()`: due events run at their time even with nobody watching.
    var keepsTime = false
    /// Signatures of recently signed transactions, so reads of them skip the ledger.
    var recentSignatures = SignatureCache()
    /// How many due events one commit runs at most while catching up (a month's renewals of
    /// 20,000 accounts are forty commits, not one holding all of them in memory; 500 measured
    /// fastest in `kiosk-bench simulate`, 250 and 2,000 both slower).
    var dueEventsPerCommit = 500

    /// The account a new store starts with.
    public static let defaultAccount: AccountName = "tester"

    /// Opens (or creates) a store for `catalog`.
    /// - Parameters:
    ///   - account: the account to act for; created when missing (default: `tester`).
    ///   - frozenClock: time moves only when advanced (tests and scripts).
    ///   - execution: where the store's work runs (`.callerThreads` for a server's connection threads).
    public init(
        catalog: any ProductCatalog, ledger location: LedgerLocation, signer: any PayloadSigner,
        offerChecker: (any OfferSignatureChecking)? = nil, identity: AppIdentity? = nil,
        account: AccountName? = nil, frozenClock: Bool = false, execution: StoreExecution = .ownThread,
        notificationSeed: UInt64? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) {
        executor = StoreExecutorChoice(execution)
        // Always the same default, whatever accounts were added since: a later `account add carol`
        // must not change who every following command acts for.
        let name = account ?? Self.defaultAccount
        let opened = try OpenedLedger(
            catalog: catalog, location: location, signer: signer, identity: identity, account: name,
            frozenClock: frozenClock, notificationSeed: notificationSeed, wall: wallClock())
        ledger = opened.ledger
        groupSync = opened.ledger.groupSync
        let state = opened.state
        self.state = state
        latestReads = state.latestReads
        knownAccounts = state.knownAccounts
        self.products = opened.products
        self.signer = signer
        self.offerChecker = offerChecker
        self.wallClock = wallClock
        self.selectedAccount = name
    }

    // MARK: Running actions

    /// The write half of a commit, for one step (`CommitPipeline`).
    var pipeline: CommitPipeline {
        CommitPipeline(
            ledger: ledger, groupSync: groupSync, signer: signer,
            ledgerFailed: { self.forgetRolledBackBatch() })
    }

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
    /// - Parameters:
    ///   - now: the action's store time (nil: the clock's); an import sets the clock itself.
    ///   - describes: whether the journal writer adds the action's line (false: the action
    ///     wrote its own).
    func commitAction<T>(
        dueLimit: Int, journals: Bool = false, at now: Date? = nil, describes: Bool = true,
        _ body: (inout StagedAction) throws(StoreError) -> T
    ) throws(StoreError) -> (result: T, drained: Bool) {
        var action = StagedAction(base: state, signer: signer, products: products, now: now ?? currentTime)
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
        var changes = try CommitPipeline.sealed(action, signsNow: helpers == 0)
        // Something the action needed could not be read: it must not commit on a partial view.
        if let failure = state.takeFailure() { throw StoreError(failure) }
        let announcements = action.announcements
        // Catch-up batches are the store's own work, journaled as such; the action's own commit
        // is its line.
        let journaled =
            describes
            ? journalWriter.add(to: &changes, result: result, scope: journals ? Self.journalScope : nil)
            : !changes.journal.isEmpty
        // A request inside `grouped` joins the open batch (`commitBatch`).
        let pipeline = self.pipeline
        let sequences = try pipeline.write(
            &changes, helpers: helpers, joinsBatch: Self.groupsCommits && groupSync != nil)
        if journaled && journals { Self.journalScope?.markRecorded() }
        // Inside `grouped` the caller waits for the batch's fsync before it answers; any
        // other action is made durable here, before anyone hears of it.
        if !Self.groupsCommits { try pipeline.syncNow() }
        state.apply(changes)
        state.trim()
        recentSignatures.remember(changes.signatures)
        deliver(announcements, sequences: sequences)
        if !changes.notifications.isEmpty { signalOutbox() }
        rescheduleClockIfNeeded()
        return (result, drained)
    }

    /// Runs every renewal and expiry due by now, in date order, `dueEventsPerCommit` at a time
    /// (`CommitPipeline.catchUp`).
    func catchUp() throws(StoreError) {
        // Most reads find nothing due: skip staging an empty action.
        guard state.earliestDue() <= currentTime else { return }
        try pipeline.catchUp(inGroup: Self.groupsCommits, isDue: { state.earliestDue() <= currentTime }) {
            () throws(StoreError) in try commitAction(dueLimit: dueEventsPerCommit, { _ in }).drained
        }
    }

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
