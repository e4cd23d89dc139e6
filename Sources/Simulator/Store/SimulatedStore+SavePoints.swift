import Foundation
import StoreCore

/// `StoreOperation.saveState` and `.loadState` (`StateSavePoints`), done by the process that
/// owns the ledger, so a load refreshes everyone watching the store.
extension SimulatedStore {
    private var savePoints: StateSavePoints { StateSavePoints(ledger: ledger, wallClock: wallClock) }

    /// Saves the store as a save point (named after the wall clock when `name` is nil).
    func saveState(name: String?) throws(StoreError) -> String {
        do throws(StoreError) {
            return try savePoints.save(name: name, storeTime: currentTime)
        } catch {
            forgetRolledBackBatch()
            throw error
        }
    }

    /// Puts the store back to a save point (the newest when `name` is nil) and tells everyone
    /// watching to re-read it. The file is checked first: a bad one changes nothing.
    func loadState(name: String?) throws(StoreError) -> String {
        let (chosen, checked) = try savePoints.checkedForLoad(name: name)
        defer { checked.remove() }
        let scope = Self.journalScope
        let line = journalWriter.line(
            scope: scope, result: "loaded save point \(chosen)", changes: Changeset())
        let meta: StoreMeta?
        do throws(StoreError) {
            meta = try savePoints.restore(checked, line: line)
        } catch {
            forgetRolledBackBatch()
            throw error
        }
        scope?.markRecorded()
        guard let meta else { throw StoreError.backend("save point \(chosen) holds no store") }
        state.forgetRows(meta: meta)
        // A save point from before the due-event index has an empty one: build it now.
        try DueIndex.buildIfNeeded(ledger: ledger, state: state, signer: signer, products: products)
        recentSignatures = SignatureCache()
        products.setLocale(state.meta.settings.locale)
        deliver([.event(account: nil, .stateChanged)])
        return chosen
    }
}
