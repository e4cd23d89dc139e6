import CSQLite
import Descriptors
import Foundation
import Signing
import StoreCore

/// A save point file that passed every check, copied into a private temporary file: the copy,
/// not the file, is what is installed and loaded, so the file cannot change in between.
struct CheckedSavePoint {
    /// The checked copy, byte for byte the file as it was read.
    var path: String
    /// A copy migrated to this Kiosk's schema, when the file is of an older one (a load reads it).
    var migratedPath: String?
    var version: Int
    var summary: SavePointSummary

    /// What a load reads: the copy at this Kiosk's schema.
    var loadablePath: String { migratedPath ?? path }

    /// Removes the copies and what SQLite left beside them.
    func remove() {
        SavePoints.removeCopy(path)
        if let migratedPath { SavePoints.removeCopy(migratedPath) }
    }
}

/// Checks a save point file before anything of it is used (docs/state.md, "Save points"), in
/// an order where each step only trusts what the one before proved:
///
/// 1. it is copied, a megabyte at a time, into a private temporary file (memory stays bounded
///    whatever its size), and starts with SQLite's header;
/// 2. opened read-only with SQLite's defences (`trusted_schema=OFF`, `cell_size_check=ON`, no
///    memory map), its text encoding is UTF-8 and its `user_version` one Kiosk wrote save points at;
/// 3. its schema (`sqlite_master`: tables, columns with their types and order, indexes,
///    triggers, views) is exactly `SavePointSchema`'s for that version: anything extra, missing
///    or different is refused by name. Nothing from the file is ever put into SQL;
/// 4. SQLite's integrity and foreign key checks pass, and every value has the storage class
///    its column is declared with;
/// 5. its certificate authority files are the ones Kiosk writes (`ca/root.pem` ...), each small
///    and well formed (the root a certificate), and every row decodes as the store reads it (`Ledger.readEveryRow`).
enum SavePointValidator {
    /// The certificate authority files a save point may carry, as `files(of:)` writes them.
    static let authorityFileNames: Set<String> = [
        "root.pem", "root.key", "intermediate.pem", "intermediate.key", "leaf.pem", "leaf.key",
    ]
    /// Larger than any certificate or key Kiosk makes (about 1 KB) by far.
    static let maximumAuthorityFileBytes = 64 * 1024
    /// How many differences a refusal lists before "and N more".
    static let listedDifferences = 8

    static func check(_ file: URL, progress: ((Int, Int) -> Void)? = nil) throws(StoreError)
        -> CheckedSavePoint
    {
        let fail = { (problem: String) -> StoreError in
            StoreError.invalidArgument(
                "\(file.path) is not a usable Kiosk save point (\(problem)); nothing was changed. "
                    + "Make one with kiosk state save NAME or kiosk state export FILE")
        }
        let copy = NSTemporaryDirectory() + "kiosk-save-point-\(UUID().uuidString).sqlite"
        guard try StreamedCopy.copy(from: file.path, to: copy, expectingPrefix: sqliteHeader) else {
            SavePoints.removeCopy(copy)
            throw fail("not an SQLite file")
        }
        var checked = CheckedSavePoint(
            path: copy, migratedPath: nil, version: 0,
            summary: SavePointSummary(accounts: 0, transactions: 0, journalLines: 0, files: []))
        do throws(LedgerError) {
            let (version, files) = try checkStructure(copy)
            checked.version = version
            checked.summary.files = files
            if version < LedgerSchema.currentVersion {
                // A copy of the copy is migrated (Kiosk's own SQL on Kiosk's own schema): the
                // installed save point stays the file as it was.
                let migrated = NSTemporaryDirectory() + "kiosk-save-point-\(UUID().uuidString).sqlite"
                checked.migratedPath = migrated
                do throws(StoreError) {
                    // No prefix is expected: a copy that returns is whole.
                    _ = try StreamedCopy.copy(from: copy, to: migrated, expectingPrefix: [])
                } catch {
                    throw LedgerError.notASavePoint("cannot copy it to \(migrated) to read it: \(error)")
                }
            }
            let ledger = try Ledger(path: checked.loadablePath, readOnly: checked.migratedPath == nil)
            guard let counts = try ledger.readEveryRow(progress: progress) else {
                throw LedgerError.notASavePoint("no store in it")
            }
            checked.summary.accounts = counts.accounts
            checked.summary.transactions = counts.transactions
            checked.summary.journalLines = try ledger.journalCount()
            return checked
        } catch .ownSchemaUnbuildable(let version, let problem) {
            checked.remove()
            // Kiosk's fault, not the file's: said as such, never as the file's schema version.
            throw StoreError.backend(
                "\(LedgerError.ownSchemaUnbuildable(version: version, problem: problem)); nothing was changed"
            )
        } catch {
            checked.remove()
            var problem: String
            switch error {
            case .corruptRow(let table, let key, let reason, _):
                problem = "the \(table) row \(key): \(reason)"
            // SQLite's words about the private copy: said of the file, never with the ledger's
            // advice (moving the copy's directory away would be wrong to follow; issue 38).
            case .sqlite(let failure): problem = sqliteProblem(failure, copy: copy)
            default: problem = "\(error)"
            }
            problem = problem.replacingOccurrences(of: copy, with: file.lastPathComponent)
            if let migrated = checked.migratedPath {
                problem = problem.replacingOccurrences(of: migrated, with: file.lastPathComponent)
            }
            throw fail(problem)
        }
    }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// What an SQLite failure while reading the private copy says of the file: damaged, or not
    /// a database past its header; or, for the disk, the temporary directory the copy is in.
    static func sqliteProblem(_ failure: SQLiteError, copy: String) -> String {
        switch failure.code & 0xff {
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT, SQLITE_RANGE, SQLITE_MISMATCH:
            return "it starts like an SQLite database, but SQLite cannot read what follows "
                + "(damaged, cut short, or not a database)"
        case SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
            let directory = (copy as NSString).deletingLastPathComponent
            return "the disk refused the copy it is checked on in \(directory) (SQLite result "
                + "\(failure.code & 0xff)): free space there, or set TMPDIR to another directory, and import again"
        default:
            return
                "SQLite could not read it (SQLite result \(failure.code & 0xff)): it is damaged or not a save point"
        }
    }

    /// Steps 2 to 5 but the rows: returns the schema version and the authority files.
    private static func checkStructure(_ path: String) throws(LedgerError) -> (Int, [SavePointFile]) {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        // SQLite's advice for a database file from elsewhere: functions in the schema are not
        // trusted, a damaged cell is found rather than followed, and the file is not mapped.
        try connection.execute("PRAGMA trusted_schema=OFF; PRAGMA cell_size_check=ON; PRAGMA mmap_size=0")
        let refuse = { (problem: String) in LedgerError.notASavePoint(problem) }
        var encoding = ""
        try connection.query("PRAGMA encoding") { encoding = $0.text(0) ?? "" }
        guard encoding == "UTF-8" else { throw refuse("its text is \(encoding), where Kiosk writes UTF-8") }
        var version = 0
        try connection.query("PRAGMA user_version") { version = Int($0.integer(0)) }
        guard let schema = try SavePointSchema.schema(version: version) else {
            if version > LedgerSchema.currentVersion {
                throw LedgerError.newerSchema(
                    found: version, supported: LedgerSchema.currentVersion, path: path)
            }
            throw refuse(
                "its schema version (user_version) is \(version); Kiosk writes save points at versions "
                    + "\(SavePointSchema.oldestVersion) to \(LedgerSchema.currentVersion)")
        }
        let found = try SavePointSchema.readEntries(connection, schema: "main")
        let differences = try schema.differences(from: found) { (table: String) throws(LedgerError) in
            try SavePointSchema.readColumns(connection, schema: "main", table: table)
        }
        if !differences.isEmpty {
            let listed = differences.prefix(listedDifferences).joined(separator: "; ")
            let more =
                differences.count > listedDifferences
                ? "; and \(differences.count - listedDifferences) more" : ""
            throw refuse("its schema is not Kiosk's: " + listed + more)
        }
        var integrity: [String] = []
        try connection.query("PRAGMA integrity_check(20)") { integrity.append($0.text(0) ?? "") }
        guard integrity == ["ok"] else {
            throw refuse("SQLite's integrity check: " + integrity.joined(separator: "; "))
        }
        var danglingTable: String?
        try connection.query("PRAGMA foreign_key_check") { danglingTable = danglingTable ?? $0.text(0) }
        if let danglingTable {
            throw refuse("a row of \(SavePointSchema.shown(danglingTable)) refers to a row that is not there")
        }
        for table in schema.tables { try checkStorageClasses(of: table, in: connection, path: path) }
        return (version, try authorityFiles(in: connection, path: path))
    }

    /// Every value of `table` has its column's storage class (INTEGER or TEXT) or is NULL:
    /// SQLite stores whatever a file's bytes say, whatever the column's declared type.
    private static func checkStorageClasses(
        of table: SavePointSchema.Table, in connection: SQLiteConnection, path: String
    ) throws(LedgerError) {
        // Names from Kiosk's own schema (`SavePointSchema`), which the file's was just proved
        // equal to; never from the file.
        let checks = table.columns.map { column in
            "typeof(\(quoted(column.name))) IN ('\(column.type == "INTEGER" ? "integer" : "text")', 'null')"
        }
        let kinds = table.columns.map { "typeof(\(quoted($0.name)))" }.joined(separator: ", ")
        let sql =
            "SELECT rowid, \(kinds) FROM \(quoted(table.name)) WHERE NOT (\(checks.joined(separator: " AND "))) LIMIT 1"
        try connection.query(sql) { row throws(LedgerError) in
            for (index, column) in table.columns.enumerated() {
                let kind = row.text(Int32(index + 1)) ?? ""
                let wanted = column.type == "INTEGER" ? "integer" : "text"
                if kind != wanted && kind != "null" {
                    throw .notASavePoint(
                        "row \(row.integer(0)) of \(table.name): \(column.name) holds "
                            + "\(kind == "real" ? "a real number" : "a \(kind)") where Kiosk writes "
                            + (wanted == "integer" ? "an integer" : "text"))
                }
            }
        }
    }

    /// An identifier of Kiosk's own schema, quoted for SQL.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The `kiosk_files` rows: only the authority's files, by the names Kiosk gives them, each a
    /// small base64 text with a file mode; the root is a certificate.
    private static func authorityFiles(in connection: SQLiteConnection, path: String) throws(LedgerError)
        -> [SavePointFile]
    {
        var files: [SavePointFile] = []
        let refuse = { (key: String, problem: String) in
            LedgerError.notASavePoint("its file \(key) in kiosk_files: \(problem)")
        }
        // Bounded: at most one row per allowed name passes, so the loop stops past them.
        try connection.query(
            "SELECT path, mode, length(content), content FROM kiosk_files ORDER BY path LIMIT 7"
        ) {
            row throws(LedgerError) in
            let name = row.text(0) ?? ""
            let shown = SavePointSchema.shown(name)
            guard name.hasPrefix(SavePoints.authorityDirectory + "/"),
                authorityFileNames.contains(String(name.dropFirst(SavePoints.authorityDirectory.count + 1)))
            else {
                throw refuse(
                    shown, "not a certificate authority file Kiosk writes (ca/root.pem, ca/root.key, ...)")
            }
            let mode = row.integer(1)
            guard (0...0o777).contains(mode) else {
                throw refuse(shown, "its mode \(mode) is not a file mode")
            }
            guard row.integer(2) <= Int64(maximumAuthorityFileBytes * 2),
                let contents = row.text(3).flatMap({ Data(base64Encoded: $0) }),
                contents.count <= maximumAuthorityFileBytes
            else {
                throw refuse(
                    shown, "its content is not base64 text of at most \(maximumAuthorityFileBytes) bytes")
            }
            files.append(SavePointFile(path: name, mode: Int(mode), contents: contents))
        }
        guard files.count <= authorityFileNames.count else {
            throw refuse("(every row)", "more files than a certificate authority has")
        }
        let rootPath = SavePoints.authorityDirectory + "/root.pem"
        // A store signing with an authority kept in memory saves none; one that saves it saves its root.
        if let root = files.first(where: { $0.path == rootPath }) {
            let roots: [Certificate]
            do {
                roots = try Certificate.all(inPEM: String(decoding: root.contents, as: UTF8.self))
            } catch {
                throw refuse(rootPath, "it is not a PEM certificate (\(error))")
            }
            guard roots.count == 1 else { throw refuse(rootPath, "it is not one PEM certificate") }
        } else if !files.isEmpty {
            throw refuse(rootPath, "the authority's files come without its root certificate")
        }
        return files
    }
}

/// Copies a file a megabyte at a time, into a new file only its owner can read.
enum StreamedCopy {
    private enum Outcome {
        case copied, wrongPrefix
        case failed(StoreError)
    }

    /// Copies `source` to the new file `destination` (which must not exist), flushed to disk
    /// when `sync` (a file being installed). False, with nothing left behind, when the file
    /// does not start with `prefix`.
    /// - Throws: `StoreError` naming the file that cannot be read or written.
    static func copy(
        from source: String, to destination: String, expectingPrefix prefix: [UInt8], sync: Bool = false
    )
        throws(StoreError) -> Bool
    {
        // Non-blocking, so a FIFO given as the file is refused below instead of waiting for a
        // writer; a regular file reads the same either way.
        let inputNumber = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard inputNumber >= 0 else {
            let reason = String(cString: strerror(errno))
            throw StoreError.invalidArgument(
                "cannot read \(source) (\(reason)): check the path and its permissions")
        }
        let owned = OwnedDescriptor(inputNumber)
        defer { owned.close() }
        return try owned.withNumber { input throws(StoreError) in
            try copy(from: input, source: source, to: destination, expectingPrefix: prefix, sync: sync)
        }
    }

    /// `copy(from:to:expectingPrefix:sync:)` once `source` is open as `input`.
    private static func copy(
        from input: Int32, source: String, to destination: String, expectingPrefix prefix: [UInt8], sync: Bool
    ) throws(StoreError) -> Bool {
        var status = stat()
        guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.invalidArgument(
                "\(source) is not a regular file: give a save point file (kiosk state export FILE makes one)")
        }
        let outputNumber = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard outputNumber >= 0 else {
            throw StoreError.backend("cannot create \(destination): \(String(cString: strerror(errno)))")
        }
        let owned = OwnedDescriptor(outputNumber)
        let outcome = owned.withNumber { output in
            var outcome = pump(
                from: input, to: output, source: source, destination: destination, prefix: prefix)
            if case .copied = outcome, sync, fsync(output) != 0 {
                outcome = .failed(
                    .backend("cannot write \(destination): \(String(cString: strerror(errno)))"))
            }
            return outcome
        }
        owned.close()
        switch outcome {
        case .copied: return true
        case .wrongPrefix:
            unlink(destination)
            return false
        case .failed(let error):
            unlink(destination)
            throw error
        }
    }

    private static func pump(
        from input: Int32, to output: Int32, source: String, destination: String, prefix: [UInt8]
    )
        -> Outcome
    {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        return buffer.withUnsafeMutableBytes { bytes -> Outcome in
            while true {
                let count = read(input, bytes.baseAddress, bytes.count)
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    return .failed(
                        .invalidArgument("cannot read \(source): \(String(cString: strerror(errno)))"))
                }
                if count == 0 { return copied >= prefix.count ? .copied : .wrongPrefix }
                if copied < prefix.count {
                    let seen = min(count, prefix.count - copied)
                    if !zip(bytes.prefix(seen), prefix[copied..<(copied + seen)]).allSatisfy({ $0 == $1 }) {
                        return .wrongPrefix
                    }
                }
                var offset = 0
                while offset < count {
                    // `count` > 0 bytes were read into the buffer: it has a base address.
                    let done = write(output, bytes.baseAddress! + offset, count - offset)
                    if done < 0 && errno == EINTR { continue }
                    if done <= 0 {
                        return .failed(
                            .backend("cannot write \(destination): \(String(cString: strerror(errno)))"))
                    }
                    offset += done
                }
                copied += count
            }
        }
    }
}
