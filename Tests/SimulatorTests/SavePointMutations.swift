import Foundation

@testable import Simulator

/// Deterministic damage to a save point file, for the hostile-file tests: schema mutations
/// (extra, missing, renamed, reordered, retyped objects; SQL in every name), row mutations
/// (values of another storage class, SQL text, deleted rows, foreign authority files) and
/// byte damage. Each returns what it did, for the failure message.
struct SavePointMutator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64: the same mutants on every machine.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    /// Names that are SQL when spliced into a statement, or clash with Kiosk's.
    static let hostileNames = [
        "accounts\" WHERE 0; DROP TABLE main.transactions; --",
        "x\"; DROP TRIGGER main.transactions_keep_identity; --",
        "journal\" SELECT * FROM main.accounts; --",
        "meta'); DELETE FROM main.meta; --",
        "]; ATTACH DATABASE '/tmp/x' AS y; --",
        "accounts", "transactions", "sqlite_x", "kiosk_files", "\u{1B}[31mred", "",
    ]

    /// The tables of a current save point and their columns, from Kiosk's own schema.
    static var tables: [SavePointSchema.Table] { ((try? SavePointSchema.current()) ?? nil)?.tables ?? [] }

    static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Applies one mutation to the file at `path`; returns what it did.
    mutating func mutate(_ path: String) throws -> String {
        let kind = next(16)
        if kind == 15 { return try damageBytes(path) }
        let connection = try SQLiteConnection(path: path)
        let table = pick(Self.tables)
        let name = pick(Self.hostileNames)
        let column = pick(table.columns)
        let q = Self.quote
        let sql: String
        switch kind {
        case 0: sql = "CREATE TABLE \(q(name + "\(next(1000))"))(x)"
        case 1:
            sql =
                "CREATE TRIGGER \(q(name + "t"))  AFTER INSERT ON \(q(table.name)) BEGIN DELETE FROM transactions; END"
        case 2: sql = "CREATE VIEW \(q(name + "v")) AS SELECT 1"
        case 3: sql = "CREATE INDEX \(q(name + "i")) ON \(q(table.name))(\(q(column.name)))"
        case 4: sql = "DROP TABLE \(q(table.name))"
        case 5: sql = pick(["DROP TRIGGER transactions_keep_identity", "DROP INDEX transactions_by_account"])
        case 6: sql = reorder(table)
        case 7: sql = "ALTER TABLE \(q(table.name)) RENAME COLUMN \(q(column.name)) TO \(q(name + "c"))"
        case 8: sql = "ALTER TABLE \(q(table.name)) ADD COLUMN \(q(name + "a")) TEXT"
        case 9: sql = "PRAGMA user_version=\(pick([0, 1, 4, 7, 99, -1]))"
        case 10: sql = "ALTER TABLE \(q(table.name)) RENAME TO \(q(name + "r"))"
        case 11, 12:
            let value = pick([
                "'x'", "X'00FF'", "1.5", "9223372036854775807", "NULL", "'{}'", "'[]'", "-1",
                "'\(name.replacingOccurrences(of: "'", with: "''"))'",
            ])
            sql =
                "UPDATE \(q(table.name)) SET \(q(column.name)) = \(value) WHERE rowid IN (SELECT rowid FROM \(q(table.name)) LIMIT 1 OFFSET \(next(3)))"
        case 13:
            sql = "DELETE FROM \(q(table.name)) WHERE rowid IN (SELECT rowid FROM \(q(table.name)) LIMIT 1)"
        default:
            let file = pick(["ca/../../escape.pem", "ca/evil.pem", "../x", "ca/root.pem"])
            let content = pick(["'AAAA'", "'not base64!'", "'\(String(repeating: "QUFB", count: 40_000))'"])
            sql =
                "INSERT OR REPLACE INTO kiosk_files(path, mode, content) VALUES('\(file)', \(pick([384, 4095, -1])), \(content))"
        }
        // A mutation SQLite itself refuses (a column that cannot go) leaves the file as it was.
        do { try connection.execute(sql) } catch { return "(refused by SQLite) \(sql)" }
        return sql
    }

    /// The table made again with its columns in another order, rows copied by name.
    private mutating func reorder(_ table: SavePointSchema.Table) -> String {
        let q = Self.quote
        var columns = table.columns
        if columns.count > 1 { columns.swapAt(0, 1 + next(columns.count - 1)) }
        let definitions = columns.map { "\(q($0.name)) \($0.type)" }.joined(separator: ", ")
        let names = columns.map { q($0.name) }.joined(separator: ", ")
        return """
            CREATE TABLE reordered(\(definitions));
            INSERT INTO reordered(\(names)) SELECT \(names) FROM \(q(table.name));
            DROP TABLE \(q(table.name));
            ALTER TABLE reordered RENAME TO \(q(table.name));
            """
    }

    private mutating func damageBytes(_ path: String) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if next(2) == 0 {
            bytes = bytes.prefix(next(bytes.count))
            try bytes.write(to: URL(fileURLWithPath: path))
            return "cut to \(bytes.count) bytes"
        }
        let start = 100 + next(max(1, bytes.count - 200))
        for index in stride(from: start, to: min(bytes.count, start + 64), by: 3) { bytes[index] ^= 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        return "bytes flipped from \(start)"
    }
}

/// Every regular file under a directory and its bytes: what "unchanged" means.
func fingerprint(of directory: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        let relative = String(url.path.dropFirst(directory.path.count))
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        result[relative] =
            isDirectory.boolValue ? Data("(directory)".utf8) : (try? Data(contentsOf: url)) ?? Data()
    }
    return result
}
