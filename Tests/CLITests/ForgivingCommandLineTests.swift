import CommandLineOptions
import Foundation
import HTTP
import Presets
import SharedState
import StoreCommands
import StoreCore
import StoreServer
import Subprocess
import Testing
import kiosk

/// The command line forgives (issue 27): rehearsal references in `kiosk store`, months and years
/// in durations, a line for every change, "did you mean" for every name, and plain words where a
/// terminal, a port or a directory is missing. Run on the real binary, to read what it prints.
@Suite struct ForgivingCommandLineTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-forgiving-\(UUID().uuidString)"
    ).path

    func kiosk(_ arguments: [String], input: String? = nil) async throws -> (Int32, String, String) {
        var command = [CompletionsTests.binary] + arguments
        if let input { command = ["bash", "-c", "exec \"$@\" < \(input)", "kiosk"] + command }
        let result = try await Child.run(command)
        return (result.status, result.standardOutput, result.standardError)
    }

    func store(_ words: String...) async throws -> (Int32, String, String) {
        try await kiosk(["store"] + words + ["--state", state])
    }

    @Test func lastAndLastProductNameATransactionAndEveryChangeSaysWhatItDid() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(try await store("buy", "com.kiosk.lumen.lifetime").0 == 0)
        #expect(try await store("buy", "com.kiosk.lumen.filmpack").0 == 0)
        let refund = try await store("refund", "last", "com.kiosk.lumen.lifetime")
        #expect(refund.0 == 0)
        #expect(refund.1 == "Refunded transaction 2000000000000001 (other)\n")
        let finish = try await store("finish", "last")
        #expect(finish.1 == "Finished transaction 2000000000000002\n")
        let reversed = try await store("refund-request", "last", "com.kiosk.lumen.lifetime", "reverse")
        #expect(reversed.1 == "Refund of transaction 2000000000000001 reversed\n")
        let typo = try await store("refund", "last", "com.kiosk.lumen.lifetme")
        #expect(typo.0 == 64)
        #expect(typo.2.contains("did you mean 'com.kiosk.lumen.lifetime'?"), "\(typo.2)")
    }

    @Test func monthsAndYearsAreDurationsAndMinutesSaySo() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(DurationText.seconds("1mo") == TimeInterval(30 * 86_400))
        #expect(DurationText.seconds("2y") == TimeInterval(2 * 365 * 86_400))
        #expect(DurationText.seconds("10m") == 600)
        #expect(DurationText.seconds("1x") == nil)
        #expect(DurationText.minutesHint("10d") == nil)
        #expect(DurationText.minutesHint("90m") == nil)
        let minute = try await store("advance", "1m")
        #expect(minute.0 == 0)
        #expect(minute.2.contains("1m is 1 minute; for months write 1mo"), "\(minute.2)")
        let month = try await store("advance", "1mo")
        #expect(month.0 == 0 && !month.2.contains("note:"))
    }

    @Test(arguments: [
        (["stroe"], "Did you mean 'kiosk store'?"),
        (["store", "prodcuts"], "did you mean 'products'?"),
        (["store", "products", "--stat", "x"], "did you mean '--state'?"),
        (["--theme", "sunst", "--dump", "80x24"], "did you mean 'sunset'?"),
        (["--template", "herro", "--dump", "80x24"], "did you mean 'hero'?"),
        (["--preset", "grace-perod", "--dump", "80x24"], "did you mean 'grace-period'?"),
        (["store", "products", "--catalog", "shelff", "--ephemeral"], "did you mean 'shelf'?"),
        (["shot", "--out", "x.txt", "--scene", "manger"], "did you mean 'manager'?"),
        (
            ["store", "buy", "com.kiosk.lumen.pro.monthy", "--ephemeral"],
            "did you mean 'com.kiosk.lumen.pro.monthly'?"
        ),
        (["help", "trubleshooting"], "Did you mean 'troubleshooting'?"),
    ])
    func aMisspeltNameGetsASuggestion(arguments: [String], suggestion: String) async throws {
        let (status, _, error) = try await kiosk(arguments)
        #expect(status != 0)
        #expect(error.contains(suggestion), "\(error)")
    }

    @Test func thePaywallWithoutATerminalExitsAtOnceAndSaysWhatWorks() async throws {
        let (status, output, error) = try await kiosk(["--ephemeral"], input: "/dev/null")
        #expect(status == 64)
        #expect(output.isEmpty, "no escape codes written: \(output.debugDescription)")
        #expect(error.contains("kiosk --dump 100x30") && error.contains("kiosk shot"))
    }

    @Test func aPortInUseIsNamedWithTheOptionThatChoosesAnother() {
        let address = ListenAddress(host: "127.0.0.1", port: 8686)
        let message = address.listenFailure(IOError(errnoCode: EADDRINUSE, reason: "bind 127.0.0.1:8686"))
        #expect(message.contains("port 8686 is already in use"))
        #expect(message.contains("--listen 127.0.0.1:8687") && message.contains("--listen 127.0.0.1:0"))
    }

    @Test func aStateDirectoryThatCannotBeMadeSuggestsStateOrEphemeral() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-file-\(UUID())")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try StateDirectory(explicitPath: file.appendingPathComponent("state").path).create(warn: {
                _ in
            })
            Issue.record("a directory was made inside a file")
        } catch {
            #expect("\(error)".contains("--state") && "\(error)".contains("--ephemeral"), "\(error)")
        }
    }

    /// A state directory this user cannot write: what they can do (`--state`, `--ephemeral`), not
    /// a chmod of another user's files. As root, the binary runs as `nobody` on root's directory;
    /// otherwise on a directory made read-only.
    @Test func anotherUsersStateDirectorySaysWhatThisUserCanDo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-theirs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory.path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        let command: [String]
        if geteuid() == 0 {
            chmod(directory.path, 0o755)
            command = [
                "su", "nobody", "-s", "/bin/sh", "-c",
                "HOME=/tmp '\(CompletionsTests.binary)' store products --state '\(directory.path)'",
            ]
        } else {
            chmod(directory.path, 0o500)
            command = [CompletionsTests.binary, "store", "products", "--state", directory.path]
        }
        let result = try await Child.run(command)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.contains("is not writable by you"), "\(result.standardError)")
        #expect(result.standardError.contains("--ephemeral") && !result.standardError.contains("chmod"))
    }

    @Test func versionIsListedInTheTopLevelHelp() async {
        let (writer, lines) = ConsoleWriter.capturing()
        #expect(await Kiosk.run(["--help"], console: writer) == 0)
        #expect(lines().output.contains("--version"))
    }

    @Test func shotStillReadsStateAsScene() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-scene-\(UUID()).txt")
            .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, _, error) = try await kiosk([
            "shot", "--out", out, "--state", "manager", "--size", "80x24",
        ])
        #expect(status == 0)
        #expect(error.contains("--state is now --scene"))
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Transaction Manager"))
    }
}

/// `kiosk store` tables (issue 29): each column as wide as its widest cell, counted in the
/// columns a terminal gives it, so a CJK price or a long type does not push a row out of line.
@Suite struct StoreTableTests {
    @Test func columnsLineUpByDisplayWidth() {
        let lines = StoreOutput.columns([
            ["a", "Auto-Renewable Subscription", "¥1,200"], ["bb", "Consumable", "¥120"],
            ["c", "ライフタイム", "$1"],
        ])
        #expect(lines[0] == "a   Auto-Renewable Subscription  ¥1,200  ")
        #expect(lines[1] == "bb  Consumable                   ¥120    ")
        #expect(lines[2] == "c   ライフタイム                 $1      ")
    }
}

/// Journal lines say what changed (issue 27): how far the clock moved and to when.
@Suite struct JournalWordsTests {
    @Test func aClockAdvanceSaysHowFarAndToWhen() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-journal-\(UUID())")
            .path
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await Kiosk.run(["store", "advance", "30d", "--state", state]) == 0)
        let journal = try await Child.run([CompletionsTests.binary, "journal", "--state", state])
        #expect(journal.standardOutput.contains("Clock advanced 30 days to "), "\(journal.standardOutput)")
        #expect(StoreOperation.durationText(5_400) == "90 minutes")
        #expect(StoreOperation.durationText(86_400) == "1 day")
        #expect(StoreOperation.durationText(45) == "45 seconds")
    }
}

/// `kiosk report` opens with a summary and shows dates as dates (issue 27).
@Suite struct ReportSummaryTests {
    @Test func theReportOpensWithWhereTheStoreEnded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-report-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state").path
        let out = folder.appendingPathComponent("report.md").path
        #expect(await Kiosk.run(["store", "buy", "com.kiosk.lumen.lifetime", "--state", state]) == 0)
        #expect(await Kiosk.run(["store", "buy", "com.kiosk.lumen.pro.monthly", "--state", state]) == 0)
        #expect(await Kiosk.run(["report", "--out", out, "--state", state]) == 0)
        let report = try String(contentsOfFile: out, encoding: .utf8)
        let summary = try #require(report.range(of: "## Summary")).upperBound
        let timeline = try #require(report.range(of: "## Timeline")).lowerBound
        #expect(summary < timeline, "the summary comes first")
        let text = String(report[summary..<timeline])
        #expect(text.contains("- Kiosk \(Kiosk.version), catalog `demo.storekit`"))
        #expect(text.contains("- Account tester: Lumen Lifetime, Lumen Pro (Monthly)"), "\(text)")
        #expect(text.contains("  - group 4A1D2E90: Lumen Pro (Monthly) subscribed"), "\(text)")
        #expect(report.contains(#/"purchaseDate" : "\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(\d{13}\)"/#))
    }
}

/// A preset is one line of the journal with its steps folded under it (issue 27).
@Suite struct PresetJournalTests {
    @Test func aPresetsStepsFoldUnderOneLine() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-preset-\(UUID())")
            .path
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await Kiosk.run(["preset", "apply", "grace-period", "--state", state]) == 0)
        #expect(await Kiosk.run(["store", "advance", "1d", "--state", state]) == 0)
        let journal = try await Child.run([CompletionsTests.binary, "journal", "--state", state])
        let lines = journal.standardOutput.split(separator: "\n").map(String.init)
        let applying = try #require(lines.firstIndex { $0.contains("Applying preset grace-period") })
        #expect(lines[applying].hasSuffix("8 steps:"), "\(lines[applying])")
        let folded = lines[(applying + 1)...].prefix { $0.hasPrefix("    ") }
        #expect(folded.filter { !$0.contains("notification") }.count == 8)
        #expect(folded.contains { $0.contains("Advancing the store's clock: Clock advanced ") })
        #expect(
            lines.last?.contains("Clock advanced 1 day to ") == true, "a later action is a line of its own")
        // The report's summary holds the end state against what the preset promised.
        let out = state + "/report.md"
        #expect(await Kiosk.run(["report", "--out", out, "--state", state]) == 0)
        let report = try String(contentsOfFile: out, encoding: .utf8)
        let promise = try Preset.named("grace-period").summary
        #expect(report.contains("- Expected: grace-period: \(promise)"), "\(report.prefix(800))")
    }
}
