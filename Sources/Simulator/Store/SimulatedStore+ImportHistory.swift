import Foundation
import StoreCore

extension SimulatedStore {
    /// Puts a customer's history (`CustomerHistory`) into this store, which must hold no
    /// transaction yet: a rehearsal's `import` line, on its in-memory store. The store's clock
    /// moves to `at` (nil: the newest `signedDate` read) and the account becomes the customer;
    /// a state directory imports through a save point instead (`HistoryImport.writeSavePoint`).
    /// - Throws: `HistoryImportError` naming what was refused; the store is unchanged then.
    /// - Parameter catalogName: the catalog's file, for messages naming a product it lacks.
    public func importHistory(
        _ history: CustomerHistory, account: AccountName?, at date: Date?, catalogName: String
    ) throws(HistoryImportError) -> HistoryImportResult {
        let name = account ?? HistoryImport.defaultAccountName(history)
        let held = state.allAccounts().contains { !state.transactions(of: $0.account.name).isEmpty }
        guard !held else {
            throw HistoryImportError(
                "the store already holds transactions: import a history into a new store")
        }
        let storeTime = date ?? history.newestSignedDate ?? currentTime
        guard storeTime <= signer.latestSigningDate else {
            throw HistoryImportError(
                "the history's date \(storeTime) is past the last date this store can sign (\(signer.latestSigningDate))"
            )
        }
        try HistoryImport.checkProducts(
            history, products: products, storefront: state.meta.settings.storefront, catalogName: catalogName)
        var meta = state.meta
        meta.clock = VirtualClock(
            start: storeTime, wall: wallClock(), rate: meta.clock.rate, isFrozen: meta.clock.isFrozen)
        meta.nextTransactionID = max(meta.nextTransactionID, HistoryImport.nextTransactionID(after: history))
        meta.identity = HistoryImport.identity(of: history)
        let wall = wallClock()
        do {
            let chains = try commitAction(dueLimit: 0, at: storeTime, describes: false) {
                (action: inout StagedAction) throws(StoreError) in
                try HistoryImport.stage(history, account: name, meta: meta, wallTime: wall, into: &action)
            }.result
            return HistoryImportResult(
                account: name, transactions: history.transactions.count, subscriptions: chains,
                storeTime: storeTime, bundleID: meta.identity.bundleID, environment: meta.identity.environment
            )
        } catch {
            throw HistoryImportError("cannot import into the store: \(error)")
        }
    }
}
