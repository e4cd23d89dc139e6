import Foundation
import Paywall
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The live-reload watcher notices the ways editors save: writing in place, renaming a new
/// file over the old one (same size, same second), and deleting.
@Suite struct FileWatcherTests {
    @Test func eachWayOfSavingIsNoticed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("copy.json")
        let other = directory.appendingPathComponent("other.json")
        try Data("one".utf8).write(to: file)
        // A whole second, so the replacement can carry exactly the same time.
        let time: [FileAttributeKey: Any] = [.modificationDate: Date(timeIntervalSince1970: 1_780_000_000)]
        try FileManager.default.setAttributes(time, ofItemAtPath: file.path)
        let seen = Mutex<[[String]]>([])
        let watcher = FileWatcher(paths: [file.path, other.path], interval: .milliseconds(20)) { paths in
            seen.withLock { $0.append(paths) }
        }
        defer { watcher.stop() }
        // Five looks at the unchanged files, however long a loaded machine takes for them.
        try await waitUntil("five passes over the unchanged files") { watcher.passes >= 5 }
        #expect(seen.withLock { $0.isEmpty }, "nothing changed yet")

        // Renamed over: same size, and the modification time may be the same; the inode is not.
        let replacement = directory.appendingPathComponent("copy.json.tmp")
        try Data("two".utf8).write(to: replacement)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        try FileManager.default.setAttributes(time, ofItemAtPath: replacement.path)
        #expect(rename(replacement.path, file.path) == 0)
        let after = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        #expect(after[.size] as? Int == attributes[.size] as? Int)
        try await waitUntil("the rename to be seen") { seen.withLock { $0.count } == 1 }
        #expect(seen.withLock { $0.last } == [file.path])

        // A file that appears (a sidecar created after the paywall started), then one deleted.
        try Data("new".utf8).write(to: other)
        try await waitUntil("the new file to be seen") { seen.withLock { $0.count } == 2 }
        #expect(seen.withLock { $0.last } == [other.path])
        try FileManager.default.removeItem(at: file)
        try await waitUntil("the deletion to be seen") { seen.withLock { $0.count } == 3 }
        #expect(seen.withLock { $0.last } == [file.path])
    }
}
