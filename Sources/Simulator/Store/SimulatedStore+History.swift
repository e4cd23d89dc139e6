import Foundation
import Signing
import StoreCore

extension SimulatedStore {
    /// The ledger schema this Kiosk writes (`PRAGMA user_version`): a benchmark keys the
    /// ledgers it caches by it, so a cached ledger is never an older shape than the code.
    public static var ledgerSchemaVersion: Int { LedgerSchema.currentVersion }

    /// Writes a long history straight into a new ledger, for benchmarks (`HistoryGenerator`):
    /// `accounts` accounts (`prefix0`, `prefix1`, ...) each subscribed to `productID` and
    /// renewed `renewals` times, monthly, ending at the present.
    /// - Returns: the number of transactions written.
    /// - Throws: `StoreError` when the ledger cannot be written or already holds a store.
    public static func generateHistory(
        catalog: any ProductCatalog, ledger location: LedgerLocation, signer: any PayloadSigner,
        accounts: Int, renewals: Int, productID: String, prefix: String = "u", batch: Int = 200,
        progress: (Int) -> Void = { _ in }
    ) throws(StoreError) -> Int {
        try HistoryGenerator.generate(
            catalog: catalog, ledger: location, signer: signer, accounts: accounts, renewals: renewals,
            productID: productID, prefix: prefix, batch: batch, progress: progress)
    }
}
