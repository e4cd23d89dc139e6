import Simulator
import StoreCore

/// What a binding asks of its simulator in one turn of the store. A session's store runs on a
/// thread of its own, so each separate call is a round trip to that thread and back, queued
/// among the app's own calls; the `kiosk-bench storekit` profile put these among a session's
/// extra cost over a bare simulator.
extension SimulatedStore {
    /// The active account's update log after `sequence` (reading the account, then
    /// subscribing, were two round trips for one question).
    func subscribeActiveAccountToUpdateLog(after sequence: Int64?) throws(StoreError) -> UpdateLogSubscription
    {
        try subscribeToUpdateLog(account: activeAccount, after: sequence)
    }

    /// Writes each line of the app's, in order (`journalNote`), in this one turn.
    func journalNotes(_ notes: [JournalNote], context: JournalContext) {
        for note in notes { journalNote(note, context: context) }
    }
}
