import Foundation

/// The exact schema of a save point, as Kiosk writes one: the ledger's tables, indexes and
/// trigger at a schema version, plus the save point's own two tables. A save point file is
/// compared with it before anything in it is read as data (`SavePointValidator`): a file is
/// someone else's bytes, and SQLite runs whatever its schema says (a trigger, a view, a
/// table whose quoted name is SQL), so only a file whose schema is letter for letter Kiosk's
/// goes further.
///
/// The expected schema is never written out by hand: it is what `LedgerSchema.migrations`
/// make on an empty in-memory database, so it follows the migrations by construction.
struct SavePointSchema: Sendable {
    /// One line of `sqlite_master`.
    struct Entry: Hashable, Sendable, Comparable {
        var type: String
        var name: String
        var table: String
        /// NULL for an index SQLite makes itself (a UNIQUE or PRIMARY KEY constraint).
        var sql: String?

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.type, lhs.name, lhs.table, lhs.sql ?? "") < (rhs.type, rhs.name, rhs.table, rhs.sql ?? "")
        }
    }

    /// A column of a table, in the table's order.
    struct Column: Hashable, Sendable {
        var name: String
        /// The declared type: INTEGER or TEXT (every column Kiosk makes is one of them).
        var type: String
    }

    /// A table and its columns, in order.
    struct Table: Sendable {
        var name: String
        var columns: [Column]
    }

    /// The tables a save point adds to the ledger's (never copied back into a ledger).
    static let savePointTablesSQL = """
        CREATE TABLE kiosk_files(path TEXT PRIMARY KEY, mode INTEGER NOT NULL, content TEXT NOT NULL);
        CREATE TABLE kiosk_save_point(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """

    /// The oldest ledger schema a save point was ever written at (the journal came with it).
    static let oldestVersion = 5

    let version: Int
    let entries: [Entry]
    let tables: [Table]

    /// The save point schemas this Kiosk reads, by `user_version`: each built, or why it could
    /// not be. The migrations are this program's own text, so a failure is a bug in Kiosk, and it
    /// is kept to be said as one (issue 37): never taken for a version the file may not have.
    static let byVersion: [Int: Result<SavePointSchema, LedgerError>] = built(
        migrations: LedgerSchema.migrations, versions: oldestVersion...LedgerSchema.currentVersion)

    /// The schemas that `migrations` make at each of `versions`.
    static func built(migrations: [String], versions: ClosedRange<Int>) -> [Int: Result<
        SavePointSchema, LedgerError
    >] {
        var schemas: [Int: Result<SavePointSchema, LedgerError>] = [:]
        for version in versions {
            do throws(LedgerError) {
                schemas[version] = .success(try make(version: version, migrations: migrations))
            } catch {
                schemas[version] = .failure(error)
            }
        }
        return schemas
    }

    /// The schema of a save point at `version` among `schemas`; nil when Kiosk never wrote save
    /// points at that version.
    /// - Throws: `LedgerError.ownSchemaUnbuildable` when the migrations failed to make it.
    static func schema(version: Int, in schemas: [Int: Result<SavePointSchema, LedgerError>] = byVersion)
        throws(LedgerError) -> SavePointSchema?
    {
        switch schemas[version] {
        case nil: return nil
        case .success(let schema): return schema
        case .failure(let error): throw .ownSchemaUnbuildable(version: version, problem: "\(error)")
        }
    }

    /// The schema of a save point at the newest version (what a loaded copy is migrated to).
    static func current() throws(LedgerError) -> SavePointSchema? {
        try schema(version: LedgerSchema.currentVersion)
    }

    private static func make(version: Int, migrations: [String]) throws(LedgerError) -> SavePointSchema {
        let connection = try SQLiteConnection(path: ":memory:")
        for migration in migrations.prefix(version) { try connection.execute(migration) }
        try connection.execute(savePointTablesSQL)
        let entries = try readEntries(connection, schema: "main")
        var tables: [Table] = []
        for entry in entries where entry.type == "table" && !entry.name.hasPrefix("sqlite_") {
            tables.append(
                Table(
                    name: entry.name, columns: try readColumns(connection, schema: "main", table: entry.name))
            )
        }
        return SavePointSchema(version: version, entries: entries, tables: tables)
    }

    /// `sqlite_master` of the database `schema` ("main" or an attached name Kiosk chose),
    /// sorted. Names are read as data, never put into SQL.
    static func readEntries(_ connection: SQLiteConnection, schema: String) throws(LedgerError) -> [Entry] {
        var entries: [Entry] = []
        try connection.query("SELECT type, name, tbl_name, sql FROM \(schema).sqlite_master") { row in
            entries.append(
                Entry(
                    type: row.text(0) ?? "", name: row.text(1) ?? "", table: row.text(2) ?? "",
                    sql: row.text(3)))
        }
        return entries.sorted()
    }

    /// A table's columns by the table-valued pragma, with the table's name bound, not spliced.
    static func readColumns(_ connection: SQLiteConnection, schema: String, table: String) throws(LedgerError)
        -> [Column]
    {
        var columns: [Column] = []
        try connection.query(
            "SELECT name, type FROM pragma_table_xinfo(?, ?) ORDER BY cid", [.text(table), .text(schema)]
        ) {
            row in columns.append(Column(name: row.text(0) ?? "", type: row.text(1) ?? ""))
        }
        return columns
    }

    /// The tables a load copies into the live ledger: every table but the journal (merged, not
    /// replaced), the save point's own, and SQLite's.
    var copiedTables: [Table] {
        tables.filter { !Ledger.savePointTables.contains($0.name) && $0.name != "journal" }
    }

    /// What differs between this schema and the file's `found` entries, one line each, naming
    /// the object; empty when they are the same. `columns` reads a found table's columns.
    func differences(from found: [Entry], columns: (String) throws(LedgerError) -> [Column])
        throws(LedgerError)
        -> [String]
    {
        var problems: [String] = []
        let expectedByKey = Dictionary(
            entries.map { ("\($0.type) \($0.name)", $0) }, uniquingKeysWith: { a, _ in a })
        var seen: Set<String> = []
        for entry in found {
            let key = "\(entry.type) \(entry.name)"
            guard seen.insert(key).inserted else { continue }
            guard let expected = expectedByKey[key] else {
                problems.append("\(Self.describe(entry)) is not part of a Kiosk save point")
                continue
            }
            guard expected != entry else { continue }
            if entry.type == "table", expected.table == entry.table {
                let want = tables.first { $0.name == expected.name }?.columns ?? []
                let have = try columns(entry.name)
                if want != have {
                    problems.append(
                        "table \(Self.shown(entry.name)) has the columns (\(Self.list(have))) where Kiosk writes ("
                            + "\(Self.list(want)))")
                    continue
                }
            }
            problems.append(
                "\(Self.describe(entry)) is defined as \(Self.shown(entry.sql ?? "(made by SQLite)")) where Kiosk "
                    + "writes \(Self.shown(expected.sql ?? "(made by SQLite)"))")
        }
        let foundKeys = Set(found.map { "\($0.type) \($0.name)" })
        for entry in entries where !foundKeys.contains("\(entry.type) \(entry.name)") {
            problems.append("\(Self.describe(entry)) is missing")
        }
        return problems
    }

    private static func describe(_ entry: Entry) -> String {
        let kind =
            ["table", "index", "trigger", "view"].contains(entry.type)
            ? entry.type : "object of type \(shown(entry.type))"
        return "\(kind) \(shown(entry.name))"
    }

    private static func list(_ columns: [Column]) -> String {
        columns.map { $0.type.isEmpty ? plain($0.name) : "\(plain($0.name)) \(plain($0.type))" }
            .joined(separator: ", ")
    }

    /// A plain identifier as it is (`original_id`, `INTEGER`); anything else `shown`.
    static func plain(_ text: String) -> String {
        let isPlain =
            !text.isEmpty && text.count <= 64
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
        return isPlain ? text : shown(text)
    }

    /// Text from a file, fit to print: control characters escaped, quoted, and cut at 120
    /// characters (a name may be a whole script).
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(120) {
            if scalar.properties.generalCategory == .control || scalar == "\u{7F}" {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        let cut = text.unicodeScalars.count > 120 ? "…" : ""
        return "'" + result + cut + "'"
    }
}
