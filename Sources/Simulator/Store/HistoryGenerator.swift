import Foundation
import Signing
import StoreCore

/// A long history written straight into a new ledger, for benchmarks (`kiosk-bench scale`),
/// through the engine itself: the same purchase, renewal, signing and notification code as
/// normal use, but many accounts to one commit instead of one purchase at a time.
enum HistoryGenerator {
    /// Writes a long history straight into a new ledger, for benchmarks (`kiosk-bench scale`):
    /// `accounts` accounts (`prefix0`, `prefix1`, ...) each subscribed to `productID` and
    /// renewed `renewals` times, monthly, ending at the present, through the engine itself
    /// (the same purchase, renewal, signing and notification code as normal use) but many
    /// accounts to one commit instead of one purchase at a time.
    /// - Returns: the number of transactions written.
    /// - Throws: `StoreError` when the ledger cannot be written or already holds a store.
    static func generate(
        catalog: any ProductCatalog, ledger location: LedgerLocation, signer: any PayloadSigner,
        accounts: Int, renewals: Int, productID: String, prefix: String = "u", batch: Int = 200,
        progress: (Int) -> Void = { _ in }
    ) throws(StoreError) -> Int {
        let ledger: Ledger
        do throws(LedgerError) {
            ledger = try Ledger(path: location.path)
            guard try ledger.loadMeta() == nil else {
                throw .corruptRow(
                    table: "meta", key: "store",
                    problem: "the ledger already holds a store; give an empty one",
                    path: location.path)
            }
        } catch {
            throw StoreError(error)
        }
        let wall = Date()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        // A day before `renewals` months ago: exactly `renewals` monthly renewals fall before now.
        guard let monthsAgo = calendar.date(byAdding: .month, value: -renewals, to: wall) else {
            throw StoreError.invalidArgument(
                "\(renewals) monthly renewals reach before any date the calendar knows")
        }
        let start = monthsAgo.addingTimeInterval(-86_400)
        var meta = StoreMeta(
            settings: catalog.defaultSettings,
            simulatedErrors: StoreMeta.codes(catalog.defaultSimulatedErrors),
            clock: VirtualClock(
                start: wall, wall: wall, rate: catalog.defaultSettings.timeRate, isFrozen: true),
            nextTransactionID: 2_000_000_000_000_001, nextNotificationSequence: 0, identity: AppIdentity())
        let products = ProductIndex(catalog: catalog, locale: meta.settings.locale)
        let now = meta.clock.now(wall: wall)
        var written = 0
        for first in stride(from: 0, to: accounts, by: batch) {
            var action = StagedAction(
                base: StoreState(meta: meta), signer: signer, products: products, now: now)
            action.setMeta(meta)
            for index in first..<min(first + batch, accounts) {
                let name = AccountName(prefix + String(index))
                action.put(
                    AccountRecord.new(
                        StoreAccount(name: name, storefront: meta.settings.storefront), at: start))
                let request = try PurchaseRequest(
                    productID: productID,
                    options: [
                        .introductoryOfferEligibility(false),
                        .purchaseDate(start, renewalBehavior: .renewUntilNow),
                    ])
                _ = try action.purchase(request, account: name, origin: .app, checker: nil)
            }
            try action.advanceSubscriptions(to: now)
            let changes = try CommitPipeline.sealed(action)
            do throws(LedgerError) {
                try ledger.commit(changes)
            } catch {
                throw StoreError(error)
            }
            meta = action.meta
            written += changes.transactions.count
            progress(written)
        }
        // Every commit above wrote its subscriptions' due entries: the index is whole.
        do throws(LedgerError) {
            try ledger.markDueIndexBuilt()
        } catch {
            throw StoreError(error)
        }
        return written
    }
}
