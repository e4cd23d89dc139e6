import Foundation
import StoreCore

/// A save point on disk, as `kiosk state list` shows it.
public struct SavePointInfo: Sendable, Hashable {
    public var name: String
    public var path: String
    /// When it was saved (wall clock).
    public var savedAt: Date
    /// The store's clock when it was saved, if the file says.
    public var storeTime: Date?
    public var bytes: Int
}

/// What a checked save point file holds (`kiosk state import` says it before loading).
public struct SavePointSummary: Sendable, Hashable {
    public var accounts: Int
    public var transactions: Int
    public var journalLines: Int
    /// The certificate authority files it carries, by path relative to a state directory.
    public var files: [SavePointFile]
}

/// Save points of a state directory: `savepoints/NAME.kiosk`, each one SQLite file made with the
/// online backup API (the ledger, its settings and journal) carrying the state's certificate
/// authority. The same file is what `kiosk state export` writes and `import` reads.
public enum SavePoints {
    public static let directoryName = "savepoints"
    public static let fileExtension = "kiosk"
    /// The state files a save point carries: the certificate authority that signed its payloads.
    static let authorityDirectory = "ca"

    /// `name` when it is a usable save point name, else an error saying what is allowed.
    public static func validName(_ name: String) throws(StoreError) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard !name.isEmpty, name.count <= 64,
            name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }),
            !name.hasPrefix(".")
        else {
            throw StoreError.invalidArgument(
                "'\(name)' is not a save point name: use up to 64 letters, digits, '.', '_' or '-', "
                    + "not starting with '.' (for example before-refund)")
        }
        return name
    }

    public static func directory(in state: URL) -> URL {
        state.appendingPathComponent(directoryName, isDirectory: true)
    }

    public static func url(named name: String, in state: URL) -> URL {
        directory(in: state).appendingPathComponent(name + "." + fileExtension)
    }

    /// The save points of a state directory, oldest first.
    public static func list(in state: URL) -> [SavePointInfo] {
        let directory = directory(in: state)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + fileExtension) }.compactMap { file in
            let path = directory.appendingPathComponent(file).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let info = (try? Self.info(of: path)) ?? [:]
            return SavePointInfo(
                name: String(file.dropLast(fileExtension.count + 1)), path: path,
                savedAt: info["savedAt"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
                    ?? (attributes[.modificationDate] as? Date) ?? .distantPast,
                storeTime: info["storeTime"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) },
                bytes: (attributes[.size] as? Int) ?? 0)
        }.sorted { ($0.savedAt, $0.name) < ($1.savedAt, $1.name) }
    }

    /// The `kiosk_save_point` facts of a save point file.
    static func info(of path: String) throws(LedgerError) -> [String: String] {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        var info: [String: String] = [:]
        try connection.query("SELECT key, value FROM kiosk_save_point") { row in
            if let key = row.text(0), let value = row.text(1) { info[key] = value }
        }
        return info
    }

    /// The files of the state directory a save point carries.
    static func files(of state: URL) -> [SavePointFile] {
        let ca = state.appendingPathComponent(authorityDirectory)
        // The keys and certificates only: the state's own markers (`ledger-in-use`) stay with it.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: ca.path)) ?? []).sorted().filter {
            $0.hasSuffix(".pem") || $0.hasSuffix(".key")
        }
        return names.compactMap { name in
            let url = ca.appendingPathComponent(name)
            guard let contents = try? Data(contentsOf: url),
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            else { return nil }
            return SavePointFile(
                path: authorityDirectory + "/" + name, mode: (attributes[.posixPermissions] as? Int) ?? 0o600,
                contents: contents)
        }
    }

    /// Facts a save point records about itself.
    static func facts(storeTime: Date, wallTime: Date) -> [String: String] {
        [
            "savedAt": String(wallTime.timeIntervalSince1970),
            "storeTime": String(storeTime.timeIntervalSince1970),
            "format": "1",
        ]
    }

    /// Copies the ledger of the state directory `state` into the save point file `file` with
    /// the online backup API, reading only: safe while another process owns and writes the state.
    /// - Throws: `StoreError.backend` naming the ledger or the file and what to do.
    public static func export(stateDirectory state: URL, to file: URL, wallTime: Date = Date())
        throws(StoreError)
    {
        let ledgerPath = state.appendingPathComponent("ledger.sqlite").path
        guard FileManager.default.fileExists(atPath: ledgerPath) else {
            throw StoreError.invalidArgument(
                "\(state.path) has no ledger yet: nothing to export (open a store on it first, e.g. kiosk store buy)"
            )
        }
        do throws(LedgerError) {
            let ledger = try Ledger(path: ledgerPath, readOnly: true)
            var storeTime = wallTime
            if let meta = try ledger.loadMeta() { storeTime = meta.clock.now(wall: wallTime) }
            try ledger.save(
                to: file.path, files: files(of: state), info: facts(storeTime: storeTime, wallTime: wallTime))
        } catch {
            throw StoreError.backend("cannot export \(state.path) to \(file.path): \(error)")
        }
    }

    /// Checks a save point file without touching any state: it opens as a ledger (a copy is
    /// migrated when it is older), passes SQLite's integrity check, and every row reads back.
    /// Returns the checked (and migrated) copy's path, which the caller removes, and what it holds.
    static func checkedCopy(of file: URL, progress: ((Int, Int) -> Void)? = nil) throws(StoreError) -> (
        path: String, summary: SavePointSummary
    ) {
        let fail = { (problem: String) -> StoreError in
            StoreError.invalidArgument(
                "\(file.path) is not a usable Kiosk save point (\(problem)); nothing was changed. "
                    + "Make one with kiosk state save NAME or kiosk state export FILE")
        }
        guard let data = try? Data(contentsOf: file) else {
            throw StoreError.invalidArgument("cannot read \(file.path): check the path and its permissions")
        }
        guard data.starts(with: Array("SQLite format 3\0".utf8)) else { throw fail("not an SQLite file") }
        let copy = NSTemporaryDirectory() + "kiosk-save-point-\(UUID().uuidString).sqlite"
        do {
            try data.write(to: URL(fileURLWithPath: copy))
        } catch {
            throw StoreError.backend("cannot write a temporary copy of \(file.path) to \(copy): \(error)")
        }
        do throws(LedgerError) {
            let ledger = try Ledger(path: copy)
            let integrity = try ledger.integrityCheck()
            guard integrity == "ok" else {
                throw LedgerError.corruptRow(
                    table: "(file)", key: "integrity", problem: integrity, path: copy)
            }
            guard let counts = try ledger.readEveryRow(progress: progress) else {
                throw LedgerError.corruptRow(
                    table: "meta", key: "store", problem: "no store in it", path: copy)
            }
            var files: [SavePointFile] = []
            try ledger.connection.query("SELECT path, mode, content FROM kiosk_files") { row in
                guard let path = row.text(0), let contents = row.text(2).flatMap({ Data(base64Encoded: $0) })
                else {
                    return
                }
                files.append(SavePointFile(path: path, mode: Int(row.integer(1)), contents: contents))
            }
            let summary = SavePointSummary(
                accounts: counts.accounts, transactions: counts.transactions,
                journalLines: try ledger.journalCount(), files: files)
            return (copy, summary)
        } catch {
            removeCopy(copy)
            throw fail("\(error)".replacingOccurrences(of: copy, with: file.lastPathComponent))
        }
    }

    /// Checks a save point file (see `checkedCopy`) and says what it holds.
    /// - Parameter progress: called with (accounts checked, accounts in all), for a long import.
    public static func check(_ file: URL, progress: ((Int, Int) -> Void)? = nil) throws(StoreError)
        -> SavePointSummary
    {
        let (copy, summary) = try checkedCopy(of: file, progress: progress)
        removeCopy(copy)
        return summary
    }

    /// Removes a checked copy and what SQLite left beside it.
    static func removeCopy(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Whether the file's certificate authority is the state directory's (its payloads verify
    /// against the state's root).
    public static func hasSameAuthority(_ summary: SavePointSummary, as state: URL) -> Bool {
        let own = Dictionary(uniqueKeysWithValues: files(of: state).map { ($0.path, $0.contents) })
        let root = authorityDirectory + "/root.pem"
        return summary.files.first { $0.path == root }?.contents == own[root]
    }

    /// Writes the save point's certificate authority into `state` (only while no process owns it:
    /// a running store keeps signing with the authority it opened).
    public static func installAuthority(_ summary: SavePointSummary, into state: URL) throws(StoreError) {
        for file in summary.files
        where file.path.hasPrefix(authorityDirectory + "/") && !file.path.contains("..") {
            let url = state.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                try file.contents.write(to: url, options: .atomic)
                try FileManager.default.setAttributes(
                    [.posixPermissions: file.mode & 0o777], ofItemAtPath: url.path)
            } catch {
                throw StoreError.backend("cannot write \(url.path): \(error.localizedDescription)")
            }
        }
    }

    /// Copies a checked save point file into the state's save points as `name`.
    public static func install(_ file: URL, as name: String, in state: URL) throws(StoreError) {
        let destination = url(named: try validName(name), in: state)
        do {
            try FileManager.default.createDirectory(
                at: directory(in: state), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let data = try Data(contentsOf: file)
            try data.write(to: destination, options: .atomic)
        } catch {
            throw StoreError.backend(
                "cannot copy \(file.path) to \(destination.path): \(error.localizedDescription)")
        }
    }
}
