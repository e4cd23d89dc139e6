import Foundation
import StoreCore

/// Retention Messaging's rows (schema 9): images, messages, default messages, the real-time
/// URL, the auto-approve setting and performance tests. Each change is one SQLite transaction
/// with its journal line, made durable before it is acknowledged, as every store action is.
extension Ledger {
    // MARK: Reading

    func retentionImages() throws(LedgerError) -> [RetentionImage] {
        try retentionRecords(RetentionImage.self, table: "retention_images", key: "id", order: "rowid")
    }

    /// Every record of a retention table, decoded, in `order`.
    private func retentionRecords<T: Decodable>(_ type: T.Type, table: String, key: String, order: String)
        throws(LedgerError) -> [T]
    {
        var records: [T] = []
        try connection.query("SELECT \(key), record FROM \(table) ORDER BY \(order)") {
            row throws(LedgerError) in
            records.append(try decode(T.self, row.data(1), table: table, key: row.text(0) ?? "?"))
        }
        return records
    }

    func retentionImagePNG(_ id: UUID) throws(LedgerError) -> [UInt8]? {
        var png: [UInt8]?
        try connection.query("SELECT png FROM retention_images WHERE id = ?", [.text(Self.key(id))]) { row in
            png = row.text(0).flatMap { Data(base64Encoded: $0) }.map(Array.init)
        }
        return png
    }

    func retentionMessages() throws(LedgerError) -> [RetentionMessage] {
        try retentionRecords(RetentionMessage.self, table: "retention_messages", key: "id", order: "rowid")
    }

    /// Every default message: product, locale and message.
    func retentionDefaults() throws(LedgerError) -> [RetentionDefault] {
        var defaults: [RetentionDefault] = []
        try connection.query(
            "SELECT product_id, locale, message_id FROM retention_defaults ORDER BY product_id, locale"
        ) { row throws(LedgerError) in
            let key = "\(row.text(0) ?? "?")/\(row.text(1) ?? "?")"
            guard let product = row.text(0), let locale = row.text(1),
                let message = row.text(2).flatMap(UUID.init(uuidString:))
            else { throw corrupt("retention_defaults", key, "a column is missing or not a UUID") }
            defaults.append(RetentionDefault(productID: product, locale: locale, messageID: message))
        }
        return defaults
    }

    func retentionMetaValue(_ key: String) throws(LedgerError) -> String? {
        var value: String?
        try connection.query("SELECT value FROM meta WHERE key = ?", [.text(key)]) { value = $0.text(0) }
        return value
    }

    func retentionTests() throws(LedgerError) -> [RetentionPerformanceTest] {
        try retentionRecords(
            RetentionPerformanceTest.self, table: "retention_tests", key: "request_id", order: "started_at")
    }

    // MARK: Writing

    /// One change to the retention rows: `body` runs in a write transaction with `journal`,
    /// and the commit is durable before this returns.
    func writeRetention(journal: [JournalEntry], _ body: () throws(LedgerError) -> Void) throws(LedgerError) {
        try writeTransaction { () throws(LedgerError) in
            try body()
            try writeJournal(journal)
        }
        groupSync?.written()
        try lookAtDataVersion()
        try syncNow()
    }

    func putRetentionImage(_ image: RetentionImage, png: [UInt8]?) throws(LedgerError) {
        let record = try encode(image)
        if let png {
            try connection.query(
                "INSERT OR REPLACE INTO retention_images(id, record, png) VALUES(?, ?, ?)",
                [.text(Self.key(image.id)), .text(record), .text(Data(png).base64EncodedString())])
        } else {
            try connection.query(
                "UPDATE retention_images SET record = ? WHERE id = ?",
                [.text(record), .text(Self.key(image.id))])
        }
    }

    func deleteRetentionImage(_ id: UUID) throws(LedgerError) {
        try connection.query("DELETE FROM retention_images WHERE id = ?", [.text(Self.key(id))])
    }

    func putRetentionMessage(_ message: RetentionMessage) throws(LedgerError) {
        try connection.query(
            "INSERT OR REPLACE INTO retention_messages(id, record) VALUES(?, ?)",
            [.text(Self.key(message.id)), .text(try encode(message))])
    }

    /// Deletes a message and every default that named it.
    func deleteRetentionMessage(_ id: UUID) throws(LedgerError) {
        try connection.query("DELETE FROM retention_messages WHERE id = ?", [.text(Self.key(id))])
        try connection.query("DELETE FROM retention_defaults WHERE message_id = ?", [.text(Self.key(id))])
    }

    func putRetentionDefault(_ entry: RetentionDefault) throws(LedgerError) {
        try connection.query(
            "INSERT OR REPLACE INTO retention_defaults(product_id, locale, message_id) VALUES(?, ?, ?)",
            [.text(entry.productID), .text(entry.locale), .text(Self.key(entry.messageID))])
    }

    func deleteRetentionDefault(productID: String, locale: String) throws(LedgerError) {
        try connection.query(
            "DELETE FROM retention_defaults WHERE product_id = ? AND locale = ?",
            [.text(productID), .text(locale)])
    }

    func setRetentionMetaValue(_ key: String, _ value: String?) throws(LedgerError) {
        if let value {
            try connection.query(
                "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", [.text(key), .text(value)])
        } else {
            try connection.query("DELETE FROM meta WHERE key = ?", [.text(key)])
        }
    }

    func putRetentionTest(_ test: RetentionPerformanceTest) throws(LedgerError) {
        try connection.query(
            "INSERT OR REPLACE INTO retention_tests(request_id, started_at, record) VALUES(?, ?, ?)",
            [.text(test.requestID), .integer(Self.milliseconds(test.startedAt)), .text(try encode(test))])
    }

    /// Apple's identifiers are UUIDs; the rows keep them in lower case.
    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }
}
