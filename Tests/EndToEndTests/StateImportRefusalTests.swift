import Foundation
import Subprocess
import Testing

/// `kiosk state import` of hostile and refused files on the real binary (issue 22, items 1
/// and 2): a refusal exits with its code and leaves every byte of the state as it was.
@Suite(.serialized) struct StateImportRefusalTests {
    func kiosk(_ arguments: String..., state: String) async throws -> Subprocess.Output {
        let command = [TmuxSession.binary] + arguments + ["--state", state]
        return try await QACommandsTests.onThread { try Subprocess.run(command) }
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-import-\(name)-\(UUID().uuidString)"
        ).path
    }

    /// Every file under `directory` with its bytes (the lock file a refused import takes is
    /// Kiosk's own and holds nothing).
    func contents(of directory: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: directory) ?? [] {
            result[path] =
                FileManager.default.contents(atPath: directory + "/" + path) ?? Data("(directory)".utf8)
        }
        return result
    }

    /// Runs SQL on a file with Python's sqlite3 (as someone crafting a file would).
    func sqlite(_ file: String, _ sql: String) async throws {
        let script =
            "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\ndb.executescript(sys.argv[2])\ndb.commit()"
        let result = try await QACommandsTests.onThread {
            try Subprocess.run(["python3", "-c", script, file, sql])
        }
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func refusedImportsLeaveTheStateAsItWas() async throws {
        let source = temporary("source")
        let target = temporary("target")
        let good = temporary("good") + ".kiosk"
        let evil = temporary("evil") + ".kiosk"
        let extra = temporary("extra") + ".kiosk"
        defer {
            for path in [source, target, good, evil, extra] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.filmpack", state: source).status == 0)
        #expect(try await kiosk("state", "export", good, state: source).status == 0)
        // Another authority than the target's: an import would bring it along.
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.lifetime", state: target).status == 0)
        let before = contents(of: target)

        let badName = try await kiosk("state", "import", good, "--name", "../../x", state: target)
        #expect(badName.status == 64, "\(badName.standardError)")
        #expect(badName.standardError.contains("'../../x' is not a save point name"))
        #expect(contents(of: target) == before, "ca/root.pem and everything else as they were")

        try FileManager.default.copyItem(atPath: good, toPath: evil)
        try await sqlite(evil, "CREATE TABLE \"accounts\"\" WHERE 0; DROP TABLE main.transactions; --\"(x);")
        try FileManager.default.copyItem(atPath: good, toPath: extra)
        try await sqlite(extra, "CREATE TABLE notes(text TEXT);")
        for (file, what) in [(evil, "table 'accounts\" WHERE 0; DROP TABLE"), (extra, "table 'notes'")] {
            let refused = try await kiosk("state", "import", file, state: target)
            #expect(refused.status == 65, "\(refused.standardError)")
            #expect(
                refused.standardError.contains(what) && refused.standardError.contains("nothing was changed"))
            #expect(contents(of: target) == before, "\(file) left no trace")
        }
        let transactions = try await kiosk("store", "transactions", state: target)
        #expect(transactions.standardOutput.contains("com.kiosk.lumen.lifetime"))

        let imported = try await kiosk("state", "import", good, state: target)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(try await kiosk("store", "transactions", state: target).standardOutput.contains("filmpack"))
    }
}
