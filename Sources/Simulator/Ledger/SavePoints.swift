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
    public static let directoryName = StateDirectoryLayout.savePointsName
    public static let fileExtension = "kiosk"
    /// The state files a save point carries: the certificate authority that signed its payloads.
    static let authorityDirectory = StateDirectoryLayout.authorityName

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
        // No directory yet: no save points.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + fileExtension) }.compactMap { file in
            let path = directory.appendingPathComponent(file).path
            // A file only: a directory or link named *.kiosk is not a save point Kiosk made (nor
            // is one that vanished since the listing).
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            // Without readable facts it is listed by its file's date; loading it checks it whole.
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
        // Any file named *.kiosk is listed before it is checked: no function of its schema runs.
        try connection.execute("PRAGMA trusted_schema=OFF")
        var info: [String: String] = [:]
        try connection.query("SELECT key, value FROM kiosk_save_point") { row in
            if let key = row.text(0), let value = row.text(1) { info[key] = value }
        }
        return info
    }

    /// The files of the state directory a save point carries. One that is there but cannot be
    /// read fails the save (a save point without its authority's key could not be used) and the
    /// comparison of authorities (`hasSameAuthority`); `purpose` says which, in the error.
    static func files(of state: URL, purpose: String = "to save it") throws(StoreError) -> [SavePointFile] {
        let ca = state.appendingPathComponent(authorityDirectory)
        // No authority directory: the store signs with an authority kept in memory, and saves none.
        guard FileManager.default.fileExists(atPath: ca.path) else { return [] }
        do {
            // The keys and certificates only: the state's own markers (`ledger-in-use`) stay with it.
            let names = try FileManager.default.contentsOfDirectory(atPath: ca.path).sorted().filter {
                $0.hasSuffix(".pem") || $0.hasSuffix(".key")
            }
            return try names.map { name in
                let url = ca.appendingPathComponent(name)
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                return SavePointFile(
                    path: authorityDirectory + "/" + name,
                    mode: (attributes[.posixPermissions] as? Int) ?? 0o600,
                    contents: try Data(contentsOf: url))
            }
        } catch {
            throw StoreError.backend(
                "cannot read the certificate authority in \(ca.path) \(purpose) (\(error)): check its permissions"
            )
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
        let ledgerPath = StateDirectoryLayout(state).ledger.path
        guard FileManager.default.fileExists(atPath: ledgerPath) else {
            throw StoreError.invalidArgument(
                "\(state.path) has no ledger yet: nothing to export (open a store on it first, e.g. kiosk store buy)"
            )
        }
        let files = try files(of: state)
        do throws(LedgerError) {
            let ledger = try Ledger(path: ledgerPath, readOnly: true)
            var storeTime = wallTime
            if let meta = try ledger.loadMeta() { storeTime = meta.clock.now(wall: wallTime) }
            try ledger.save(
                to: file.path, files: files, info: facts(storeTime: storeTime, wallTime: wallTime))
        } catch {
            throw StoreError.backend("cannot export \(state.path) to \(file.path): \(error)")
        }
    }

    /// Checks a save point file (`SavePointValidator`) without touching any state, and says
    /// what it holds.
    /// - Parameter progress: called with (accounts checked, accounts in all), for a long import.
    public static func check(_ file: URL, progress: ((Int, Int) -> Void)? = nil) throws(StoreError)
        -> SavePointSummary
    {
        let checked = try SavePointValidator.check(file, progress: progress)
        checked.remove()
        return checked.summary
    }

    /// Removes a checked copy and what SQLite left beside it.
    static func removeCopy(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Whether the file's certificate authority is the state directory's (its payloads verify
    /// against the state's root).
    /// - Throws: `StoreError.backend` naming the state's authority when it cannot be read: that
    ///   is said as itself, never as a file signed by another authority (issue 37).
    public static func hasSameAuthority(_ summary: SavePointSummary, as state: URL) throws(StoreError) -> Bool
    {
        let own = Dictionary(
            uniqueKeysWithValues: try files(of: state, purpose: "to compare it with the save point's").map {
                ($0.path, $0.contents)
            })
        let root = authorityDirectory + "/root.pem"
        return summary.files.first { $0.path == root }?.contents == own[root]
    }
}
