import Foundation
import Subprocess
import Testing

/// The reproductions on the real binary (issue 22, items 4, 5 and 8): no input ends
/// in a signal, a refused advance moves nothing, concurrent buyers each get their own pending
/// transaction, and names reach the terminal as text. One test at a time: each starts many
/// processes, and the machine is shared.
@Suite(.serialized) struct HostileInputEndToEndTests {
    func kiosk(_ arguments: String..., state: String) async throws -> Subprocess.Output {
        try await run([TmuxSession.binary] + arguments + ["--state", state])
    }

    func run(_ command: [String]) async throws -> Subprocess.Output {
        try await QACommandsTests.onThread { try Subprocess.run(command) }
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-hostile-\(name)-\(UUID().uuidString)"
        )
        .path
    }

    /// The store's clock, in milliseconds.
    func clock(_ state: String) async throws -> Int64 {
        let output = try await kiosk("store", "now", "--json", state: state).standardOutput
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return try #require((object?["now"] as? NSNumber)?.int64Value, "\(output)")
    }

    @Test func hugeAdvancesAreRefusedWithoutASignalAndMoveNothing() async throws {
        let state = temporary("advance")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let before = try await clock(state)
        let attempts: [[String]] = [
            ["8e23s"], ["1e308w"], ["99999999999999999999d"],
            ["--periods", "2147483647", "--group", "4A1D2E90"],
            ["--periods", "100000000", "--group", "4A1D2E90"],
        ]
        for words in attempts {
            let result = try await run(
                [TmuxSession.binary, "store", "advance"] + words + ["--state", state])
            #expect(result.status == 64, "advance \(words): \(result.status) \(result.standardError)")
            let value = words.first == "--periods" ? words[1] : words[0]
            #expect(result.standardError.contains(value), "\(words): \(result.standardError)")
        }
        let refused = try await kiosk("store", "advance", "8e23s", state: state).standardError
        #expect(
            refused.contains("certificate authority") && refused.contains("advance at most"), "\(refused)")
        // The clock runs with the wall clock here: it moved seconds, not years.
        let after = try await clock(state)
        #expect(after >= before && after - before < 3_600_000, "the clock stayed: \(before) -> \(after)")
    }

    @Test func aHugePaywallDumpIsRefusedBeforeAnyCellIsAllocated() async throws {
        for size in ["100000x100000", "9999999999x9999999999"] {
            let result = try await run([TmuxSession.binary, "--ephemeral", "--dump", size])
            #expect(result.status == 64, "--dump \(size): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains("at most 1000x500"), "\(result.standardError)")
        }
    }

    @Test func anEmptyNotificationExpectationIsALintErrorNotATrap() async throws {
        let file = temporary("rehearsal") + ".rehearsal"
        defer { try? FileManager.default.removeItem(atPath: file) }
        for word in ["\"\"", "/", "//"] {
            try Data("catalog demo\nexpect notification \(word)\n".utf8).write(to: URL(fileURLWithPath: file))
            let lint = try await run([TmuxSession.binary, "lint", file])
            #expect(
                (1..<128).contains(lint.status),
                "lint, \(word): \(lint.status) \(lint.standardOutput)\(lint.standardError)")
            #expect((lint.standardOutput + lint.standardError).contains("unknown notification type"))
            let rehearse = try await run([TmuxSession.binary, "rehearse", file])
            #expect((1..<128).contains(rehearse.status), "rehearse, \(word): \(rehearse.status)")
        }
    }

    /// The storm in small: concurrent buyers with Ask to Buy on each report the
    /// transaction their own purchase left waiting (the CLI used to report the newest pending
    /// transaction of the product, often another buyer's).
    @Test func concurrentBuyersEachReportTheirOwnPendingTransaction() async throws {
        let state = temporary("buyers")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(try await kiosk("store", "set", "ask-to-buy", "on", state: state).status == 0)
        let reported = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var ids: [String] = []
                    for _ in 0..<5 {
                        let bought = try await kiosk(
                            "store", "buy", "com.kiosk.lumen.filmpack", "--json", state: state)
                        let answer = try #require(
                            try JSONSerialization.jsonObject(with: Data(bought.standardOutput.utf8))
                                as? [String: Any], "\(bought.standardOutput)\(bought.standardError)")
                        #expect(answer["result"] as? String == "pending")
                        ids.append(try #require(answer["transactionID"] as? String))
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(reported.count == 20)
        #expect(Set(reported).count == 20, "every buyer its own transaction: \(reported.sorted())")
        let records = try await kiosk("store", "transactions", "--json", state: state).standardOutput
        for id in reported { #expect(records.contains(id)) }
    }

    @Test func namesWithEscapeSequencesPrintAsText() async throws {
        let state = temporary("names")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let name = "eve\u{1B}]0;pwned\u{07}\u{1B}[2J"
        let added = try await kiosk("store", "account", "add", name, state: state)
        #expect(added.status == 0, "\(added.standardError)")
        for words in [["store", "accounts"], ["journal"]] {
            let output = try await run([TmuxSession.binary] + words + ["--state", state])
            #expect(output.status == 0, "\(words): \(output.standardError)")
            #expect(!output.standardOutput.contains("\u{1B}"), "\(words) printed an escape sequence")
            #expect(output.standardOutput.contains("eve\\u{1B}]0;pwned\\u{7}\\u{1B}[2J"), "\(words)")
        }
        let since = try await kiosk("journal", "--since", "1e308d", state: state)
        #expect(since.status == 0, "journal --since 1e308d: \(since.status) \(since.standardError)")
    }
}
