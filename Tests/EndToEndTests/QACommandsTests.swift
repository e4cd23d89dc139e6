import Foundation
import Subprocess
import Testing

/// `kiosk journal`, `kiosk state` and `kiosk report` on the real binary (docs/qa.md). One test
/// at a time: each starts many processes (and Chromium), and the machine is shared.
@Suite(.serialized) struct QACommandsTests {
    func kiosk(_ arguments: String..., state: String) async throws -> Subprocess.Output {
        let command = [TmuxSession.binary] + arguments + ["--state", state]
        return try await Self.onThread { try Subprocess.run(command) }
    }

    /// Runs blocking work (a child process and the wait for it) on a thread of its own, never on
    /// Swift's cooperative pool, which the other tests' servers and runners need meanwhile.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    func run(_ command: [String], input: String? = nil) async throws -> Subprocess.Output {
        try await Self.onThread { try Subprocess.run(command, input: input) }
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-qa-\(name)-\(UUID().uuidString)")
            .path
    }

    func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func theJournalListsEachCommandAsItsOwnSessionAndFilters() async throws {
        let state = temporary("journal")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.lifetime", state: state).status == 0)
        #expect(try await kiosk("store", "set", "ask-to-buy", "on", state: state).status == 0)
        let all = try await kiosk("journal", "--json", state: state)
        #expect(all.status == 0, "\(all.standardError)")
        let lines = try jsonLines(all.standardOutput)
        let purchase = try #require(
            lines.first { $0["action"] as? String == "Purchasing com.kiosk.lumen.lifetime" })
        #expect(purchase["source"] as? String == "cli")
        #expect((purchase["result"] as? String)?.hasPrefix("purchased 2000000000000001") == true)
        #expect(
            (purchase["notifications"] as? [[String: Any]])?.first?["type"] as? String == "ONE_TIME_CHARGE")
        #expect((purchase["wallTime"] as? String)?.hasSuffix("Z") == true)
        let session = try #require(purchase["session"] as? String)
        let settings = try #require(lines.last)
        #expect(settings["result"] as? String == "Ask to Buy on")
        #expect(settings["session"] as? String != session, "each invocation is its own session")
        let one = try jsonLines(
            try await kiosk("journal", "--json", "--session", session, state: state).standardOutput)
        #expect(
            one.allSatisfy { $0["session"] as? String == session }
                && one.contains { $0["action"] as? String == "Purchasing com.kiosk.lumen.lifetime" })
        let table = try await kiosk("journal", state: state).standardOutput
        #expect(table.contains("action") && table.contains("Purchasing com.kiosk.lumen.lifetime"))
        #expect(table.contains("notification 1: ONE_TIME_CHARGE"))
        #expect(try await kiosk("journal", "--since", "yesterday", state: state).status == 64)
        let future = try await kiosk("journal", "--since", "2099-01-01", state: state)
        #expect(future.status == 0 && future.standardOutput == "(no journal entries)\n")
        #expect(try await kiosk("journal", state: temporary("empty")).status == 66)
    }

    @Test func exportAndImportCarryTheStoreItsAuthorityAndItsJournal() async throws {
        let source = temporary("source")
        let target = temporary("target")
        let file = temporary("export") + ".kiosk"
        defer {
            for path in [source, target, file] { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.filmpack", state: source).status == 0)
        let export = try await kiosk("state", "export", file, state: source)
        #expect(export.status == 0, "\(export.standardError)")
        // The target has a store (and an authority) of its own before the import.
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.lifetime", state: target).status == 0)
        let imported = try await kiosk("state", "import", file, state: target)
        #expect(imported.status == 0, "\(imported.standardError)")
        let products = try await kiosk("store", "transactions", state: target).standardOutput
        #expect(
            products.contains("com.kiosk.lumen.filmpack") && !products.contains("com.kiosk.lumen.lifetime"))
        // Its payloads verify against the target's root now: the authority came with them.
        let jws = try await kiosk("store", "all", "--jws", state: target).standardOutput
        let verify = try await run(
            [TmuxSession.binary, "verify", "--state", target],
            input: jws.split(separator: "\n").first.map(String.init))
        #expect(verify.status == 0, "\(verify.standardError)")
        let journal = try await kiosk("journal", state: target).standardOutput
        #expect(journal.contains("Purchasing com.kiosk.lumen.filmpack"), "the tester's journal came along")
        #expect(journal.contains("Loading save point"))
        // Into a state that does not exist yet: the authority and the ledger start there together.
        let fresh = temporary("fresh")
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let intoFresh = try await kiosk("state", "import", file, state: fresh)
        #expect(intoFresh.status == 0, "\(intoFresh.standardError)")
        #expect(
            try await kiosk("store", "transactions", state: fresh).standardOutput.contains(
                "com.kiosk.lumen.filmpack"))
        let list = try await kiosk("state", "list", state: target).standardOutput
        #expect(list.contains(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent))
    }

    @Test func aCorruptImportFileIsRefusedAndTheStateIsUntouched() async throws {
        let state = temporary("corrupt")
        let file = temporary("bad") + ".kiosk"
        defer {
            for path in [state, file] { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.lifetime", state: state).status == 0)
        try Data("SQLite format 3\0 but then nothing sensible".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await kiosk("state", "import", file, state: state)
        #expect(result.status == 65)
        #expect(
            result.standardError.contains("is not a usable Kiosk save point")
                && result.standardError.contains("nothing was changed"))
        #expect(
            try await kiosk("store", "transactions", state: state).standardOutput.contains(
                "com.kiosk.lumen.lifetime"))
        #expect(try await kiosk("state", "import", temporary("missing"), state: state).status == 66)
        #expect(try await kiosk("state", "save", "no/slash", state: state).status == 64)
        let missing = try await kiosk("state", "load", "nope", state: state)
        #expect(missing.status == 66 && missing.standardError.contains("no save point 'nope'"))
    }

    /// A file of another authority cannot be loaded into a store that is open (it would keep
    /// signing with its own authority): the import says who has it, and changes nothing.
    @Test func anImportOfAnotherAuthorityWaitsForTheStateToBeClosed() async throws {
        let source = temporary("other")
        let file = temporary("other-export") + ".kiosk"
        defer {
            for path in [source, file] { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.filmpack", state: source).status == 0)
        #expect(try await kiosk("state", "export", file, state: source).status == 0)
        let server = try await ServeProcess.start()
        defer { server.stop() }
        let before = try String(contentsOfFile: server.state + "/ca/root.pem", encoding: .utf8)
        let refused = try await kiosk("state", "import", file, state: server.state)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("another certificate authority")
                && refused.standardError.contains("kiosk serve"))
        #expect(try String(contentsOfFile: server.state + "/ca/root.pem", encoding: .utf8) == before)
        #expect(
            !(try await kiosk("store", "transactions", state: server.state).standardOutput.contains(
                "filmpack")))
    }

    /// Saves and exports while another process keeps buying: each file is one consistent moment,
    /// as SQLite's integrity check and the journal (one line per purchase, in its transaction) say.
    @Test func savePointsMadeWhileAnotherProcessWritesAreConsistent() async throws {
        let state = temporary("busy")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.aicredits10", state: state).status == 0)
        let loop =
            "for i in $(seq 1 8); do '\(TmuxSession.binary)' store buy com.kiosk.lumen.aicredits10 --state '\(state)' "
            + ">/dev/null || exit 1; done"
        let writer = try Subprocess.spawn(["sh", "-c", loop])
        var files: [String] = []
        for round in 0..<3 {
            let save = try await kiosk("state", "save", "busy-\(round)", state: state)
            #expect(save.status == 0, "\(save.standardError)")
            files.append(state + "/savepoints/busy-\(round).kiosk")
            let export = state + "/export-\(round).kiosk"
            #expect(try await kiosk("state", "export", export, state: state).status == 0)
            files.append(export)
        }
        #expect(try await Self.onThread { Subprocess.wait(writer) } == 0)
        let check = """
            import sqlite3, sys
            for path in sys.argv[1:]:
                db = sqlite3.connect(path)
                ok = db.execute("PRAGMA integrity_check").fetchone()[0]
                bought = db.execute("SELECT count(*) FROM transactions").fetchone()[0]
                lines = db.execute("SELECT count(*) FROM journal WHERE result LIKE 'purchased %'").fetchone()[0]
                print(path, ok, bought, lines)
                if ok != "ok" or bought != lines or bought == 0: sys.exit(1)
            """
        let judged = try await run(["python3", "-c", check] + files)
        #expect(judged.status == 0, "\(judged.standardOutput)\(judged.standardError)")
    }

    @Test func theReportRendersInHeadlessChromiumWithItsSections() async throws {
        let state = temporary("report")
        let out = temporary("report-out")
        defer {
            for path in [state, out] { try? FileManager.default.removeItem(atPath: path) }
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(try await kiosk("store", "buy", "com.kiosk.lumen.pro.monthly", state: state).status == 0)
        #expect(try await kiosk("store", "refund", "2000000000000001", state: state).status == 0)
        let html = out + "/report.html"
        let report = try await kiosk("report", "--out", html, state: state)
        #expect(report.status == 0, "\(report.standardError)")
        let markdown = try await kiosk("report", "--out", out + "/report.md", state: state)
        #expect(markdown.status == 0)
        let text = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(text.contains("## Timeline") && text.contains("Refunding transaction 2000000000000001"))
        #expect(text.contains("verified against the state's root") && text.contains("REFUND (#"))
        // The subscription's timeline: bought, then refunded.
        #expect(text.contains("## Subscription timelines") && text.contains("refunded"))
        #expect(try await kiosk("report", "--out", out + "/report.pdf", state: state).status == 64)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        // Self-contained: the SVGs' namespace is a name, not something fetched.
        let fetched = page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!fetched.contains("http://") && !fetched.contains("https://") && !page.contains("<script"))
        #expect(page.contains("<svg xmlns=") && page.contains("aria-label=\"tester · "))

        let chromium = [
            "timeout", "60", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=\(out)/profile",
        ]
        // One run renders the page, prints its DOM and takes its picture (Chromium is heavy).
        let shot = out + "/report.png"
        let dom = try await run(
            chromium + ["--dump-dom", "--screenshot=\(shot)", "--window-size=1000,1400", "file://\(html)"])
        #expect(dom.status == 0, "\(dom.standardError)")
        for section in [
            "id=\"summary\"", "id=\"timeline\"", "id=\"subscriptions\"", "id=\"steps\"", "Kiosk QA report",
            "REFUND",
        ] {
            #expect(dom.standardOutput.contains(section), "\(section) rendered")
        }
        // Not blank: a page of one colour is a few KB of PNG and a handful of distinct pixels.
        let judge = """
            import sys, zlib, struct
            data = open(sys.argv[1], "rb").read()
            chunks, at = [], 8
            while at < len(data):
                size, kind = struct.unpack(">I4s", data[at:at + 8])
                if kind == b"IDAT": chunks.append(data[at + 8:at + 8 + size])
                at += 12 + size
            raw = zlib.decompress(b"".join(chunks))
            print(len(set(raw[i:i + 3] for i in range(0, min(len(raw), 3000000), 3))))
            """
        let distinct = try await run(["python3", "-c", judge, shot])
        #expect((Int(distinct.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 50)
    }
}
