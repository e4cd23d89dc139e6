import Foundation
import Signing
import StoreCore

/// A ledger opened for a store: its settings, clock and counters loaded (accounts are read when
/// they are used), the first use of a state directory or new identity settings recorded, the
/// account to act for created when missing and read whole, and the due-event index built if
/// the ledger predates it. A damaged row of the account fails the open naming the row.
struct OpenedLedger {
    let ledger: Ledger
    let state: StoreState
    let products: ProductIndex

    init(
        catalog: any ProductCatalog, location: LedgerLocation, signer: any PayloadSigner,
        identity: AppIdentity?,
        account: AccountName, frozenClock: Bool, notificationSeed: UInt64?, wall: Date
    ) throws(StoreError) {
        let ledger: Ledger
        do throws(LedgerError) {
            ledger = try Ledger(path: location.path)
        } catch {
            throw StoreError(error)
        }
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
                    simulatedErrors: StoreMeta.codes(catalog.defaultSimulatedErrors),
                    clock: VirtualClock(
                        start: wall, wall: wall, rate: catalog.defaultSettings.timeRate, isFrozen: frozenClock
                    ),
                    nextTransactionID: 2_000_000_000_000_001, nextNotificationSequence: 0,
                    identity: identity ?? AppIdentity()),
            ledger: ledger)
        let products = ProductIndex(catalog: catalog, locale: state.meta.settings.locale)
        // First use of a state directory, or new identity settings: record them before serving.
        // No identity given keeps the recorded one (an imported customer's app, say).
        var action = StagedAction(
            base: state, signer: signer, products: products, now: state.meta.clock.now(wall: wall))
        var meta = action.meta
        let identity = identity ?? meta.identity
        if loaded == nil || meta.identity != identity || meta.clock.isFrozen != frozenClock {
            if loaded == nil { meta.notificationIDPrefix = NotificationID.prefix(seed: notificationSeed) }
            meta.identity = identity
            meta.clock.setFrozen(frozenClock, wall: wall)
            action.setMeta(meta)
        }
        if action.account(account) == nil {
            action.put(
                AccountRecord.new(
                    StoreAccount(name: account, storefront: meta.settings.storefront), at: action.now))
        }
        // The account this store acts for is read whole, strictly, before serving: a damaged
        // row of it fails the open naming the row, as a whole-ledger load used to.
        _ = action.transactions(of: account)
        _ = state.idempotency(IdempotencyKey(account: account, key: ""))
        if let failure = state.takeFailure() { throw StoreError(failure) }
        let changes = JournalLines.opening(action.changes, account: account, at: action.now, wall: wall)
        do throws(LedgerError) {
            try ledger.commit(changes)
            try ledger.syncNow()
        } catch {
            throw StoreError(error)
        }
        state.apply(changes)
        try DueIndex.buildIfNeeded(ledger: ledger, state: state, signer: signer, products: products)
        self.ledger = ledger
        self.state = state
        self.products = products
    }
}
