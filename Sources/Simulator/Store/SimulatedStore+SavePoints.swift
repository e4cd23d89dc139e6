import Foundation
import StoreCore

/// `StoreOperation.saveState` and `.loadState`: save points in the store's own state directory,
/// done by the process that owns the ledger, so a load refreshes everyone watching the store.
extension SimulatedStore {
    /// The state directory, or an error for a store kept in memory.
    private func stateDirectory() throws(StoreError) -> URL {
        let path = ledger.connection.path
        guard path != ":memory:" else {
            throw StoreError.invalidAction(
                "save points need a state directory; this store is in memory (--ephemeral): use --state DIR")
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// Saves the store as a save point (named after the wall clock when `name` is nil).
    func saveState(name: String?) throws(StoreError) -> String {
        let directory = try stateDirectory()
        let chosen = try name.map(SavePoints.validName) ?? freeName(in: directory)
        let wall = wallClock()
        let files = try SavePoints.files(of: directory)
        do {
            try FileManager.default.createDirectory(
                at: SavePoints.directory(in: directory), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.backend("cannot create \(SavePoints.directory(in: directory).path): \(error)")
        }
        do throws(LedgerError) {
            try ledger.save(
                to: SavePoints.url(named: chosen, in: directory).path, files: files,
                info: SavePoints.facts(storeTime: currentTime, wallTime: wall))
        } catch {
            forgetRolledBackBatch()
            throw StoreError(error)
        }
        return chosen
    }

    /// `save-20261130-141502`, or with `-2`, `-3` ... when saved twice in a second.
    private func freeName(in directory: URL) -> String {
        let stamp = wallClock().formatted(
            .iso8601.year().month().day().dateTimeSeparator(.standard).time(includingFractionalSeconds: false)
                .timeSeparator(.omitted).dateSeparator(.omitted))
        let base = "save-" + stamp.replacingOccurrences(of: "T", with: "-")
        var name = base
        var counter = 2
        while FileManager.default.fileExists(atPath: SavePoints.url(named: name, in: directory).path) {
            name = base + "-\(counter)"
            counter += 1
        }
        return name
    }

    /// Puts the store back to a save point (the newest when `name` is nil) and tells everyone
    /// watching to re-read it. The file is checked first: a bad one changes nothing.
    func loadState(name: String?) throws(StoreError) -> String {
        let directory = try stateDirectory()
        let available = SavePoints.list(in: directory)
        let chosen: String
        if let name {
            chosen = try SavePoints.validName(name)
            guard available.contains(where: { $0.name == chosen }) else {
                let names = available.map(\.name).joined(separator: ", ")
                throw StoreError.invalidArgument(
                    "no save point '\(chosen)' in \(SavePoints.directory(in: directory).path)"
                        + (names.isEmpty
                            ? "; save one first (kiosk state save NAME)" : "; there are: \(names)"))
            }
        } else {
            guard let newest = available.last else {
                throw StoreError.invalidArgument(
                    "no save points in \(SavePoints.directory(in: directory).path) yet; save one first")
            }
            chosen = newest.name
        }
        let file = SavePoints.url(named: chosen, in: directory)
        let checked = try SavePointValidator.check(file)
        defer { checked.remove() }
        guard try SavePoints.hasSameAuthority(checked.summary, as: directory) else {
            throw StoreError.invalidAction(
                "save point \(chosen) was signed by another certificate authority than \(directory.path)'s; "
                    + "import it with no kiosk running on this state (kiosk state import FILE) so its authority comes too"
            )
        }
        let scope = Self.journalScope
        let line = journalEntry(scope: scope, result: "loaded save point \(chosen)", changes: Changeset())
        let meta: StoreMeta?
        do throws(LedgerError) {
            try ledger.restore(from: checked.loadablePath, line: line)
            try ledger.syncNow()
            meta = try ledger.loadMeta()
        } catch {
            forgetRolledBackBatch()
            throw StoreError(error)
        }
        scope?.markRecorded()
        guard let meta else { throw StoreError.backend("save point \(chosen) holds no store") }
        state.forgetRows(meta: meta)
        // A save point from before the due-event index has an empty one: build it now.
        try Self.buildDueIndexIfNeeded(ledger: ledger, state: state, signer: signer, products: products)
        recentSignatures = SignatureCache()
        products.setLocale(state.meta.settings.locale)
        deliver([.event(account: nil, .stateChanged)])
        return chosen
    }
}
