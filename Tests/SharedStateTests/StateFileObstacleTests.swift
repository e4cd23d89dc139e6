import Foundation
import SharedState
import Testing

/// What Kiosk did not make in a state directory is never deleted or followed, and what is in
/// the way is said by name (issue 22, item 8): a directory at `owner.json`, a symbolic link at
/// `owner.lock`, a directory at `kiosk.sock`.
@Suite struct StateFileObstacleTests {
    /// Attaching fails with an error naming the path and what is there.
    func expectRefused(_ directory: URL, _ name: String, _ what: String) async {
        let ownership = OwnershipTests.ownership(directory, "test")
        await #expect {
            _ = try await ownership.attach(timeout: .seconds(60))
        } throws: {
            "\($0)".contains(directory.appendingPathComponent(name).path)
                && "\($0)".contains("\(what) is in the way") && "\($0)".contains("leaves it alone")
        }
        await ownership.release()
    }

    @Test func aDirectoryAtTheOwnerRecordIsKeptAndNamed() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let kept = directory.appendingPathComponent("owner.json/notes.txt")
        try FileManager.default.createDirectory(
            at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: kept)
        await expectRefused(directory, "owner.json", "a directory")
        #expect(FileManager.default.contents(atPath: kept.path) == Data("mine".utf8))
    }

    @Test func aSymbolicLinkAtTheLockIsNotFollowed() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("owner.lock").path, withDestinationPath: elsewhere.path)
        await expectRefused(directory, "owner.lock", "a symbolic link")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path), "the link's target was not created")
        #expect(StateOwnership.ownerDescription(of: directory) == "another process")
    }

    @Test func aDirectoryAtTheSocketIsNamedNotAddressInUse() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let socket = directory.appendingPathComponent("kiosk.sock")
        try FileManager.default.createDirectory(at: socket, withIntermediateDirectories: false)
        await expectRefused(directory, "kiosk.sock", "a directory")
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: socket.path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("ledger.sqlite").path),
            "refused before the store was opened")
    }

    /// The usual case still works: the owner makes its files and removes its socket and record.
    @Test func theOwnersOwnFilesComeAndGo() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let ownership = OwnershipTests.ownership(directory, "test")
        guard case .owner = try await ownership.attach() else {
            Issue.record("a fresh state must be owned")
            return
        }
        #expect(FileManager.default.fileExists(atPath: ownership.socketPath))
        await ownership.release()
        #expect(!FileManager.default.fileExists(atPath: ownership.socketPath))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("owner.json").path))
    }
}
