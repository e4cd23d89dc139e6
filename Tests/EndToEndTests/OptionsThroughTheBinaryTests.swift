import Foundation
import Subprocess
import TestSupport
import Testing

/// Options and commands that had no test of their own (issue 25, item 10), each run through the
/// real binary as a user types it, and each checked by what it changes, not only its exit status.
@Suite(.serialized) struct OptionsThroughTheBinaryTests {
    func kiosk(_ arguments: [String], input: String? = nil) async throws -> Subprocess.Output {
        let command = [TmuxSession.binary] + arguments
        return try await QACommandsTests.onThread { try Subprocess.run(command, input: input) }
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-options-\(name)-\(UUID().uuidString)"
        ).path
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func keysAddRegistersAPublicKeyAndKeysListShowsIt() async throws {
        let state = temporary("keys")
        let pem = state + "-key.pem"
        let pub = state + "-pub.pem"
        defer { for path in [state, pem, pub] { try? FileManager.default.removeItem(atPath: path) } }
        let key = try await QACommandsTests.onThread {
            try Subprocess.run([
                "openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", pem,
            ])
        }
        #expect(key.status == 0, "\(key.standardError)")
        let half = try await QACommandsTests.onThread {
            try Subprocess.run(["openssl", "ec", "-in", pem, "-pubout", "-out", pub])
        }
        #expect(half.status == 0, "\(half.standardError)")
        let added = try await kiosk([
            "keys", "add", "--key-id", "TESTKEY123", "--issuer", "issuer-1", "--public-key", pub,
            "--bundle-id", "com.example.app", "--state", state,
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let list = try await kiosk(["keys", "list", "--state", state])
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("TESTKEY123"), "\(list.standardOutput)")
        #expect(list.standardOutput.contains("com.example.app"), "\(list.standardOutput)")
        let wrongHalf = try await kiosk([
            "keys", "add", "--key-id", "OTHER", "--issuer", "i", "--public-key", pem, "--state", state,
        ])
        #expect(wrongHalf.status == 65, "a private key file is not a public key: \(wrongHalf.standardError)")
        #expect(!(try await kiosk(["keys", "list", "--state", state])).standardOutput.contains("OTHER"))
    }

    @Test func identityOptionsAreWhatTheSignedPayloadsCarry() async throws {
        let state = temporary("identity")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let identity = [
            "--bundle-id", "com.example.app", "--app-apple-id", "42", "--environment", "production",
        ]
        let result = try await kiosk(["store", "app-transaction", "--json", "--state", state] + identity)
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        let payload = try #require(object["payload"] as? [String: Any])
        #expect(payload["bundleID"] as? String == "com.example.app")
        #expect(payload["appID"] as? Int == 42)
        #expect(payload["environment"] as? String == "Production")
        #expect(object["verified"] as? Bool == true)
        let bought = try await kiosk(
            ["store", "buy", "com.kiosk.lumen.lifetime", "--json", "--state", state] + identity)
        #expect(bought.status == 0, "\(bought.standardError)")
        #expect(bought.standardOutput.contains("com.example.app"), "\(bought.standardOutput)")
        let refused = try await kiosk(["store", "now", "--state", state, "--app-apple-id", "-3"])
        #expect(refused.status == 64 && refused.standardError.contains("--app-apple-id"))
        let unknown = try await kiosk(["store", "now", "--state", state, "--environment", "Staging"])
        #expect(unknown.status == 64 && unknown.standardError.contains("Sandbox, Production"))
    }

    @Test func journalAndReportFilterByAccountSinceAndCatalog() async throws {
        let state = temporary("filters")
        let report = state + "-report.md"
        defer { for path in [state, report] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try await kiosk(["store", "account", "add", "alice", "--state", state]).status == 0)
        #expect(
            try await kiosk([
                "store", "buy", "com.kiosk.lumen.lifetime", "--account", "alice", "--state", state,
            ])
            .status == 0)
        #expect(try await kiosk(["store", "buy", "com.kiosk.lumen.filmpack", "--state", state]).status == 0)
        let alice = try await kiosk(["journal", "--account", "alice", "--json", "--state", state])
        #expect(alice.status == 0, "\(alice.standardError)")
        #expect(alice.standardOutput.contains("com.kiosk.lumen.lifetime"))
        #expect(!alice.standardOutput.contains("com.kiosk.lumen.filmpack"), "another account's purchase")
        let future = try await kiosk(["journal", "--since", "2999-01-01", "--json", "--state", state])
        #expect(future.status == 0 && future.standardOutput.isEmpty, "nothing after 2999")

        let written = try await kiosk([
            "report", "--out", report, "--account", "alice", "--since", "1d", "--catalog", "demo", "--state",
            state,
        ])
        #expect(written.status == 0, "\(written.standardError)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #expect(text.contains("com.kiosk.lumen.lifetime"))
        #expect(
            !text.contains("com.kiosk.lumen.filmpack"), "--account alice leaves the tester's purchase out")
        let badCatalog = try await kiosk([
            "report", "--out", report, "--catalog", state + "-missing.storekit", "--state", state,
        ])
        // The report keeps what it could gather and says, in place of the timelines, why they are missing.
        #expect(badCatalog.status == 0, "\(badCatalog.standardError)")
        let partial = try String(contentsOfFile: report, encoding: .utf8)
        #expect(partial.contains("Not drawn") && partial.contains("missing.storekit: cannot read the file"))
    }

    @Test func stateListJSONAndImportUnderAName() async throws {
        let state = temporary("savepoints")
        let other = temporary("savepoints-other")
        defer { for path in [state, other] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try await kiosk(["store", "buy", "com.kiosk.lumen.lifetime", "--state", state]).status == 0)
        #expect(try await kiosk(["state", "save", "bought", "--state", state]).status == 0)
        let list = try await kiosk(["state", "list", "--json", "--state", state])
        #expect(list.status == 0, "\(list.standardError)")
        let lines = try list.standardOutput.split(separator: "\n").map {
            try #require(try json(String($0)) as? [String: Any])
        }
        let saved = try #require(lines.first { $0["name"] as? String == "bought" })
        let file = try #require(saved["path"] as? String ?? saved["file"] as? String)
        let imported = try await kiosk([
            "state", "import", file, "--name", "from-elsewhere", "--state", other,
        ])
        #expect(imported.status == 0, "\(imported.standardError)")
        let names = try await kiosk(["state", "list", "--state", other])
        #expect(names.standardOutput.contains("from-elsewhere"), "\(names.standardOutput)")
        let transactions = try await kiosk(["store", "transactions", "--state", other])
        #expect(transactions.standardOutput.contains("com.kiosk.lumen.lifetime"), "the import was loaded")
    }

    @Test func presetListJSONNamesEveryPreset() async throws {
        let result = try await kiosk(["preset", "list", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let presets = try #require(try json(result.standardOutput) as? [[String: Any]])
        let names = presets.compactMap { $0["name"] as? String }
        #expect(names.contains("new-user") && names.contains("billing-retry"), "\(names)")
        #expect(presets.allSatisfy { ($0["summary"] as? String)?.isEmpty == false })
    }

    @Test func completionsAndTheManPageComeFromTheBinary() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try await kiosk(["completions", shell])
            #expect(script.status == 0, "\(shell): \(script.standardError)")
            #expect(script.standardOutput.contains("rehearse"), "\(shell) completes the subcommands")
        }
        #expect(try await kiosk(["completions", "powershell"]).status == 64)
        let man = try await kiosk(["help", "man"])
        #expect(man.status == 0)
        #expect(man.standardOutput.hasPrefix(".TH") || man.standardOutput.contains("\n.TH "))
        // roff spells a hyphen \-.
        #expect(man.standardOutput.contains("\\-\\-bundle\\-id"), "the man page holds the options' table")
    }

    /// `serve --webhook` through the CLI: a purchase made by a client reaches a webhook as a
    /// signed notification (the receiver is a few lines of Python's standard library).
    @Test func serveDeliversNotificationsToTheWebhookItIsGiven() async throws {
        let received = temporary("webhook") + ".log"
        let portFile = received + ".port"
        defer { for path in [received, portFile] { try? FileManager.default.removeItem(atPath: path) } }
        let receiver = """
            import http.server, sys
            class H(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers['Content-Length']))
                    with open(sys.argv[1], 'ab') as f: f.write(body + b'\\n')
                    self.send_response(200); self.end_headers()
                def log_message(self, *a): pass
            s = http.server.HTTPServer(('127.0.0.1', 0), H)
            open(sys.argv[2], 'w').write(str(s.server_address[1]))
            s.timeout = 1
            for _ in range(120): s.handle_request()
            """
        let script = received + ".py"
        try receiver.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let python = try Subprocess.spawn(["python3", script, received, portFile])
        defer {
            kill(python, SIGKILL)
            _ = Subprocess.wait(python)
        }
        var port: Int?
        try await waitUntil("the webhook receiver's port in \(portFile)") {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            return port != nil
        }
        let server = try await ServeProcess.start(arguments: [
            "--webhook", "http://127.0.0.1:\(port ?? 0)/hook",
        ])
        defer { server.stop() }
        try server.store("buy", "com.kiosk.lumen.lifetime")
        var body = ""
        try await waitUntil("a notification at the webhook (\(received))") {
            body = (try? String(contentsOfFile: received, encoding: .utf8)) ?? ""
            return !body.isEmpty
        }
        #expect(body.contains("signedPayload"), "\(body)")
    }
}
