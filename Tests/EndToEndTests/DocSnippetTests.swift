import Foundation
import Subprocess
import TestSupport
import Testing

/// Every example in README.md and docs/*.md marked `<!-- snippet: NAME -->` runs as written
/// against the built `kiosk` (first on PATH), from a scratch directory with a scratch HOME. A
/// `kiosk serve` line starts a real server on a free loopback port; `127.0.0.1:8686` in the
/// snippet's later lines is that port. A snippet that breaks fails here, not in a reader's hands.
@Suite struct DocSnippetTests {
    static let python =
        ProcessInfo.processInfo.environment["KIOSK_PYTHON"]
        ?? DocSnippet.root.appendingPathComponent(".venv/bin/python3").path

    /// Python and Swift examples are all runnable: an unmarked one would be the next stale example.
    @Test func everyPythonAndSwiftExampleIsASnippet() {
        #expect(DocSnippet.unmarked(languages: ["python", "swift"]) == [])
        #expect(DocSnippet.all().allSatisfy { !$0.blocks.isEmpty })
        #expect(DocSnippet.all().count >= 6)
    }

    /// Commands that cannot run in a test (the interactive paywall, a release build) still name
    /// only options that exist: the parser checks them before `--help` answers.
    @Test func everyKioskCommandInTheDocsParses() throws {
        let commands = DocSnippet.kioskCommands()
        #expect(commands.count >= 30)
        for (place, words) in commands {
            let result = try Subprocess.run([TmuxSession.binary] + words + ["--help"])
            #expect(
                result.status == 0, "\(place): kiosk \(words.joined(separator: " ")): \(result.standardError)"
            )
        }
    }

    @Test(arguments: DocSnippet.all()) func snippetRunsAsWritten(_ snippet: DocSnippet) async throws {
        var run = try SnippetRun()
        defer { run.finish() }
        for block in snippet.blocks {
            let place = "\(snippet.file):\(block.line)"
            if let name = block.writesFile {
                try Data((block.text + "\n").utf8).write(
                    to: URL(fileURLWithPath: run.work).appendingPathComponent(name))
                continue
            }
            switch block.language {
            case "sh", "bash", "console":
                var pending: [String] = []
                for command in block.commands {
                    if command.trimmingCharacters(in: .whitespaces).hasPrefix("kiosk serve") {
                        try run.shell(pending, at: place)
                        pending = []
                        try await run.startServer(command, at: place)
                    } else {
                        pending.append(command)
                    }
                }
                try run.shell(pending, at: place)
            case "python":
                try run.python(block.text, at: place)
            case "swift":
                let checker = try #require(
                    snippet.checkedBy, "\(place): a swift snippet needs checked-by=TEST_FILE")
                Self.expectContained(block.text, in: checker, at: place)
            default:
                Issue.record("\(place): cannot run a \(block.language) block; mark only sh, python or swift")
            }
        }
    }

    /// Each line of a Swift example appears, in order, in the test that runs it. Comments and
    /// spacing are the formatter's business, so lines compare without them.
    static func expectContained(_ example: String, in file: String, at place: String) {
        let test = DocSnippet.text(of: file).components(separatedBy: "\n").map(code)
        var position = 0
        for line in example.components(separatedBy: "\n").map(code) where !line.isEmpty {
            guard let found = test[position...].firstIndex(of: line) else {
                Issue.record("\(place): `\(line)` is not in \(file) (after line \(position + 1))")
                return
            }
            position = found + 1
        }
    }

    /// A line of Swift without its `//` comment and with single spaces.
    static func code(_ line: String) -> String {
        let withoutComment = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        return withoutComment.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// One snippet's scratch directory, environment and servers.
struct SnippetRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-doc-\(UUID().uuidString)")
    var work: String { scratch.appendingPathComponent("work").path }
    var servers: [pid_t] = []
    var port: String?
    var count = 0
    let environment: [String: String]

    init() throws {
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("work"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for name in ["XDG_STATE_HOME", "KIOSK_SERVER_TOKEN", "KIOSK_HOME", "NO_COLOR"] {
            environment[name] = nil
        }
        let bin = (TmuxSession.binary as NSString).deletingLastPathComponent
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment["LANG"] = "C.UTF-8"
        self.environment = environment
    }

    /// The text with the documented port replaced by the running server's.
    func substituted(_ text: String) -> String {
        guard let port else { return text }
        return text.replacingOccurrences(of: "127.0.0.1:8686", with: "127.0.0.1:\(port)")
            .replacingOccurrences(of: "localhost:8686", with: "127.0.0.1:\(port)")
    }

    mutating func file(_ text: String, suffix: String) throws -> String {
        count += 1
        let path = scratch.appendingPathComponent("step-\(count)\(suffix)").path
        try Data(substituted(text).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `program script` in the work directory, bounded by a deadline.
    func run(_ program: String, _ script: String, at place: String) throws {
        let result = try Subprocess.run(
            ["bash", "-c", "cd \"$1\" && exec timeout 120 \"$2\" \"$3\"", "snippet", work, program, script],
            environment: environment)
        let source = (try? String(contentsOfFile: script, encoding: .utf8)) ?? ""
        let report =
            "\(place) failed (exit \(result.status)):\n\(source)\n"
            + "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)"
        #expect(result.status == 0, Comment(rawValue: report))
    }

    mutating func shell(_ commands: [String], at place: String) throws {
        guard commands.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return }
        try run(
            "bash", try file("set -euo pipefail\n" + commands.joined(separator: "\n") + "\n", suffix: ".sh"),
            at: place)
    }

    mutating func python(_ code: String, at place: String) throws {
        try run(DocSnippetTests.python, try file(code + "\n", suffix: ".py"), at: place)
    }

    /// Starts the `kiosk serve` line on a free port (its comment and --listen dropped) and waits
    /// for the line that says where it listens.
    mutating func startServer(_ command: String, at place: String) async throws {
        var line = command
        if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
        line = line.replacingOccurrences(of: #"--listen\s+\S+"#, with: "", options: .regularExpression)
        let output = scratch.appendingPathComponent("server-\(servers.count).log").path
        let pid = try Subprocess.spawn(
            ["bash", "-c", "cd \"$1\" && exec \(line) --listen 127.0.0.1:0", "serve", work],
            standardOutput: output, standardError: output, environment: environment)
        servers.append(pid)
        // `waitUntil` looks once more when it wakes after the deadline: the other snippets'
        // commands block the two threads of Swift's pool, so this task may wake late, to find
        // the server long started.
        var found: String?
        var exited = false
        do {
            try await waitUntil("`\(command)` to say where it listens", every: .milliseconds(50)) {
                // Not written yet is an empty log: look again.
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                found = text.split(separator: "\n").first { $0.contains("listening on ") }?
                    .split(separator: " ").last?.split(separator: ":").last.map(String.init)
                var status: Int32 = 0
                exited = found == nil && waitpid(pid, &status, WNOHANG) == pid
                return found != nil || exited
            }
        } catch is DeadlineExceeded {}
        if let found {
            port = found
            return
        }
        if exited { servers.removeAll { $0 == pid } }
        Issue.record(
            "\(place): `\(command)` did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")"
        )
        throw ServeFailure(description: "server did not start")
    }

    /// Stops the servers (SIGTERM, as Ctrl-C would) and removes the scratch directory.
    func finish() {
        for pid in servers {
            kill(pid, SIGTERM)
            _ = Subprocess.wait(pid)
        }
        try? FileManager.default.removeItem(at: scratch)
    }
}
