import Foundation
import StoreCore

/// Save points in a store's own state directory (`StoreOperation.saveState` and `.loadState`):
/// where they go, what they are called, which one a load means and whether it may be loaded.
/// The store owns one and sequences it: after a load it forgets its cached rows and tells
/// everyone watching (`SimulatedStore+SavePoints`).
struct StateSavePoints {
    let ledger: Ledger
    let wallClock: () -> Date

    /// The state directory, or an error for a store kept in memory.
    func stateDirectory() throws(StoreError) -> URL {
        let path = ledger.connection.path
        guard path != ":memory:" else {
            throw StoreError.invalidAction(
                "save points need a state directory; this store is in memory (--ephemeral): use --state DIR")
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// Saves the store as a save point (named after the wall clock when `name` is nil) and
    /// returns its name. A failed write may have rolled back the ledger's open batch: the store
    /// forgets it when this throws.
    func save(name: String?, storeTime: Date) throws(StoreError) -> String {
        let directory = try stateDirectory()
        let chosen = try name.map(SavePoints.validName) ?? freeName(in: directory)
        let wall = wallClock()
        let files = try SavePoints.files(of: directory)
        try SavePoints.createDirectory(SavePoints.directory(in: directory))
        do throws(LedgerError) {
            try ledger.save(
                to: SavePoints.url(named: chosen, in: directory).path, files: files,
                info: SavePoints.facts(storeTime: storeTime, wallTime: wall))
        } catch {
            throw StoreError(error)
        }
        return chosen
    }

    /// `save-20261130-141502`, or with `-2`, `-3` ... when saved twice in a second.
    func freeName(in directory: URL) -> String {
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

    /// The save point a load of `name` means (the newest when nil), checked: a bad file, or
    /// one signed by another certificate authority, is refused before anything changes. The
    /// caller removes the checked copy when done.
    func checkedForLoad(name: String?) throws(StoreError) -> (name: String, file: CheckedSavePoint) {
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
        let checked = try SavePointValidator.check(SavePoints.url(named: chosen, in: directory))
        do throws(StoreError) {
            guard try SavePoints.hasSameAuthority(checked.summary, as: directory) else {
                throw StoreError.invalidAction(
                    "save point \(chosen) was signed by another certificate authority than \(directory.path)'s; "
                        + "import it with no kiosk running on this state (kiosk state import FILE) so its authority comes too"
                )
            }
        } catch {
            checked.remove()
            throw error
        }
        return (chosen, checked)
    }

    /// Puts the ledger back to a checked save point, with the load's journal line, durably, and
    /// returns the store it holds (nil: none). A failure may have rolled back the ledger's open batch.
    func restore(_ checked: CheckedSavePoint, line: JournalEntry) throws(StoreError) -> StoreMeta? {
        let meta: StoreMeta?
        do throws(LedgerError) {
            try ledger.restore(from: checked.loadablePath, line: line)
            try ledger.syncNow()
            meta = try ledger.loadMeta()
        } catch {
            throw StoreError(error)
        }
        return meta
    }
}
