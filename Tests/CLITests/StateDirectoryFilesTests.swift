import CommandLineOptions
import Foundation
import SharedState
import StoreServer
import Testing
import kiosk

/// File modes and file errors of the state directory (issue 11, items 6 and 7).
@Suite final class StateDirectoryFilesTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-files-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    @Test func aReadableTokenIsTightenedAndAnOpenDirectoryIsNamed() throws {
        let directory = scratch.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        let token = directory.appendingPathComponent(ServerToken.fileName).path
        #expect(
            FileManager.default.createFile(
                atPath: token, contents: Data("0123456789abcdef0123\n".utf8),
                attributes: [.posixPermissions: 0o644]))
        let warnings = StateDirectory(explicitPath: directory.path).tightenPermissions()
        #expect(StateDirectory.mode(token) == 0o600)
        #expect(warnings.contains { $0.contains(token) && $0.contains("0644") && $0.contains("0600") })
        #expect(
            warnings.contains {
                $0.contains(directory.path) && $0.contains("0777") && $0.contains("chmod 700")
            })
        #expect(
            StateDirectory(explicitPath: directory.path).tightenPermissions().count == 1, "only the directory"
        )
        try Data("short\n".utf8).write(to: URL(fileURLWithPath: token))
        let weak = StateDirectory(explicitPath: directory.path).tightenPermissions()
        #expect(weak.contains { $0.contains(token) && $0.contains("at least 16") }, "\(weak)")
    }

    @Test func aStateDirectoryThatIsAFileIsNamedInPlainWords() async throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("plain-file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(throws: StateDirectoryError.self) {
            try StateDirectory(explicitPath: file).create(warn: { _ in })
        }
        do {
            _ = try StateDirectory(explicitPath: file).create(warn: { _ in })
        } catch {
            #expect(error.description.contains("\(file) is a file, not a directory"))
            #expect(!error.description.contains("NSCocoaErrorDomain"))
        }
        let below = StateDirectory(explicitPath: file + "/state")
        do {
            _ = try below.create(warn: { _ in })
            Issue.record("a directory under a file was created")
        } catch {
            #expect(error.description.contains("\(file) is a file, not a directory"), "\(error)")
        }
        #expect(await Kiosk.run(["store", "products", "--state", file]) == 73)
    }
}

/// `kiosk keys add --public-key` names what is wrong with the path (issue 11, item 7).
@Suite struct KeyFileMessageTests {
    @Test func aDirectoryAsPublicKeyIsADataError() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let arguments = [
            "keys", "add", "--key-id", "K1", "--issuer", "I", "--state", scratch.path + "/state",
        ]
        #expect(await Kiosk.run(arguments + ["--public-key", scratch.path]) == 65)
    }
}
