import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// A save point's failures point at what failed (issue 38, item 3; issue 37, item 7): the file,
/// the state's own authority, or Kiosk itself; never at a temporary directory, another
/// authority or the file's schema version when something else is wrong.
@Suite struct SavePointFailureWordsTests {
    let hostile = SavePointHostileFileTests()

    /// SQLite's header, then bytes that are no database: the refusal is about the file, says
    /// nothing changed, and gives no advice about the directory of the private copy.
    @Test func aFileWithSQLitesHeaderAndRandomBytesIsRefusedAsItself() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-random-\(UUID().uuidString).kiosk")
        defer { try? FileManager.default.removeItem(at: file) }
        var generator = SplitMix64(seed: 38)
        var bytes = Array("SQLite format 3\0".utf8)
        for _ in 0..<8192 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        try Data(bytes).write(to: file)
        do {
            _ = try SavePointImport(file: file, name: "random")
            Issue.record("random bytes were taken for a save point")
        } catch {
            let message = "\(error)"
            #expect(message.contains(file.path) && message.contains("nothing was changed"), "\(message)")
            #expect(message.contains("SQLite cannot read what follows"), "\(message)")
            #expect(!message.contains("move ") && !message.contains("kiosk-save-point-"), "\(message)")
        }
    }

    /// The state's authority that cannot be read (a directory where `ca/root.pem` goes, as an
    /// unreadable file is to a user who is not root) is said as such, not as a save point
    /// "signed by another certificate authority", both on import and on load.
    @Test func anUnreadableAuthorityIsSaidAsItselfNotAsAnotherAuthority() async throws {
        let (state, good) = try await hostile.makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let store = try hostile.openStore(state)
        let root = state.appendingPathComponent("ca/root.pem")
        try FileManager.default.moveItem(at: root, to: state.appendingPathComponent("ca/root.pem.kept"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        let checked = try SavePointImport(file: good, name: "again")
        do {
            _ = try checked.hasSameAuthority(as: state)
            Issue.record("an unreadable authority was compared")
        } catch {
            #expect(
                "\(error)".contains("cannot read the certificate authority in \(state.path)/ca"), "\(error)")
        }
        do {
            _ = try await store.perform(StoreOperation.loadState(name: "good"))
            Issue.record("a save point was loaded against an unreadable authority")
        } catch {
            #expect("\(error)".contains("cannot read the certificate authority"), "\(error)")
            #expect(!"\(error)".contains("another certificate authority"), "\(error)")
        }
    }

    /// Migrations that fail to build a schema are Kiosk's bug, said as one: not "your file's
    /// schema version is N", which would send the reader after their file.
    @Test func aSchemaKioskCannotBuildIsSaidAsKiosksBug() throws {
        let broken =
            Array(LedgerSchema.migrations.prefix(LedgerSchema.currentVersion - 1)) + ["CREATE TABLE ("]
        let schemas = SavePointSchema.built(
            migrations: broken, versions: SavePointSchema.oldestVersion...LedgerSchema.currentVersion)
        #expect(try SavePointSchema.schema(version: SavePointSchema.oldestVersion, in: schemas) != nil)
        #expect(try SavePointSchema.schema(version: SavePointSchema.oldestVersion - 1, in: schemas) == nil)
        do {
            _ = try SavePointSchema.schema(version: LedgerSchema.currentVersion, in: schemas)
            Issue.record("a broken migration built a schema")
        } catch {
            #expect("\(error)".contains("a bug in Kiosk, not in the file"), "\(error)")
            #expect("\(error)".contains("version \(LedgerSchema.currentVersion)"), "\(error)")
        }
        // And this Kiosk's own migrations build every version it reads.
        for version in SavePointSchema.oldestVersion...LedgerSchema.currentVersion {
            #expect(try SavePointSchema.schema(version: version) != nil)
        }
    }
}
