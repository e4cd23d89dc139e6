import Foundation
import Testing

/// The shared corpus of real `.storekit` files (read in place, never copied into the
/// project) and the expected counts from its SOURCES.md table.
enum Corpus {
    /// `../shared/corpus/storekit` beside the package root, found from this file's path.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/storekit")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// The trait of every test that reads the corpus: without it the test is reported as
    /// skipped, with this reason, rather than passing on nothing.
    static var required: ConditionTrait {
        .enabled(if: isAvailable, "the corpus \(directory.path) is absent")
    }

    struct TableMissing: Error, CustomStringConvertible {
        var description: String { "\(Corpus.directory.path)/SOURCES.md has no table of files" }
    }

    /// One row of the SOURCES.md table.
    struct Entry: Sendable, CustomStringConvertible {
        var file: String
        var version: String
        var products: Int
        var nonRenewing: Int
        var groups: Int
        var subscriptions: Int

        var url: URL { Corpus.directory.appendingPathComponent(file) }
        var description: String { file }
    }

    /// The rows of the table in SOURCES.md, columns found by their header names.
    static func entries() throws -> [Entry] {
        let text = try String(contentsOf: directory.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard let header = rows.first else { throw TableMissing() }
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        let (file, version, products) = (column("file"), column("version"), column("products"))
        let (nonRenewing, groups, subscriptions) =
            (column("non-renewing"), column("subscription groups"), column("subscriptions"))
        return rows.dropFirst().filter { $0[file].hasSuffix(".storekit") }.map { row in
            Entry(
                file: row[file], version: row[version], products: Int(row[products])!,
                nonRenewing: Int(row[nonRenewing])!, groups: Int(row[groups])!,
                subscriptions: Int(row[subscriptions])!)
        }
    }

    static func bytes(of entry: Entry) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: entry.url))
    }

    /// The file parsed by Foundation, independently of Kiosk's parser.
    static func foundationTree(of entry: Entry) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: entry.url)) as! [String: Any]
    }
}
