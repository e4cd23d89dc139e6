import Foundation
import Rehearsal
import Testing

/// The rehearsals a path names: files as given, a directory's `.rehearsal` files in name order
/// without the `_` ones that are only included.
@Suite final class RehearsalFilesTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-rehearsal-files-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    @Test func aDirectoryGivesItsRehearsalsInNameOrder() throws {
        let nested = scratch.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        for name in ["z.rehearsal", "_shared.rehearsal", "notes.txt", "b/a.rehearsal"] {
            try Data().write(to: scratch.appendingPathComponent(name))
        }
        let alone = scratch.appendingPathComponent("notes.txt").path
        #expect(
            try RehearsalFiles.find([scratch.path, alone]) == [
                scratch.appendingPathComponent("b/a.rehearsal").path,
                scratch.appendingPathComponent("z.rehearsal").path, alone,
            ])
        #expect(throws: RehearsalFilesError.self) { try RehearsalFiles.find([scratch.path + "/missing"]) }
        #expect(throws: RehearsalFilesError.self) { try RehearsalFiles.find([nested.path + "/none"]) }
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        do {
            _ = try RehearsalFiles.find([empty.path])
            Issue.record("an empty directory named rehearsals")
        } catch {
            #expect(error.description == "no .rehearsal files in \(empty.path)")
        }
    }
}
