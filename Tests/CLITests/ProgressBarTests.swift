import Foundation
import StoreCommands
import StoreCore
import Subprocess
import Testing

/// The progress bar: its line is a pure function of the numbers, and nothing is drawn when
/// standard error is not a terminal.
@Suite struct ProgressBarTests {
    @Test func rendersLabelBarPercentAndCount() {
        #expect(
            ProgressBar.render(label: "advancing", done: 5, total: 10, columns: 40)
                == "advancing [########---------]  50% 5/10")
        #expect(
            ProgressBar.render(label: "advancing", done: 0, total: 4, columns: 30)
                == "advancin [---------]   0% 0/4", "the label gives way before the bar")
        #expect(ProgressBar.render(label: "x", done: 9, total: 3, columns: 24) == "x [##########] 100% 3/3")
    }

    @Test func fitsEveryWidth() {
        for columns in 0...100 {
            let line = ProgressBar.render(
                label: "preset trial-ending-tomorrow", done: 3, total: 7, columns: columns)
            #expect(line.count <= max(0, columns - 1), "\(columns): \(line)")
        }
    }

    @Test func aLongAdvanceIsCutIntoStepsThatAddUp() {
        let year = 365 * 86_400.0
        let steps = StoreActionRunner.steps(for: .advanceClock(seconds: year))
        #expect(steps.count == 100)
        let total = steps.reduce(0.0) { sum, step in
            guard case .advanceClock(let seconds) = step else { return .nan }
            return sum + seconds
        }
        #expect(total == year)
        #expect(
            StoreActionRunner.steps(for: .advanceClock(seconds: 3_600)) == [.advanceClock(seconds: 3_600)])
        // Periods go whole: the store checks that they all fit before it moves the clock.
        #expect(
            StoreActionRunner.steps(for: .advanceClockPeriods(count: 3, groupID: "G"))
                == [.advanceClockPeriods(count: 3, groupID: "G")])
    }

    /// Issue 22: `Int(8e23 / 86_400)` trapped (SIGILL) and `--periods 2147483647` asked for a
    /// 120 GB array of steps.
    @Test func hugeAdvancesAreCutWithoutTrappingOrAllocating() {
        for seconds in [8e23, 1e308 * 604_800, 1e20 * 86_400.0] {
            #expect(StoreActionRunner.steps(for: .advanceClock(seconds: seconds)).count <= 100, "\(seconds)")
        }
        #expect(
            StoreActionRunner.steps(for: .advanceClockPeriods(count: Int(Int32.max), groupID: "G")).count == 1
        )
    }

    @Test func offATerminalNothingExtraIsPrinted() async throws {
        let state = NSTemporaryDirectory() + "kiosk-progress-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let binary = CompletionsTests.binary
        let applied = try await Child.run([binary, "preset", "apply", "active-monthly", "--state", state])
        #expect(applied.status == 0 && applied.standardError.isEmpty, "\(applied.standardError)")
        let advanced = try await Child.run([binary, "store", "advance", "365d", "--state", state])
        #expect(advanced.status == 0)
        #expect(advanced.standardError.isEmpty, "\(advanced.standardError)")
        // Only the new clock, one line, no bar (the clock runs on, so it is read after).
        let output = advanced.standardOutput
        #expect(output.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n/) != nil, "\(output)")
        let now = try await Child.run([binary, "store", "now", "--state", state]).standardOutput
        #expect(output.prefix(10) == now.prefix(10))
    }

    @Test(.enabled(if: CompletionsTests.has("script"), "script(1) is missing: apt-get install bsdutils"))
    func onATerminalTheBarIsDrawnThenCleared() async throws {
        let state = NSTemporaryDirectory() + "kiosk-progress-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let binary = CompletionsTests.binary
        #expect(try await Child.run([binary, "preset", "apply", "new-user", "--state", state]).status == 0)
        // script(1) gives the command a pseudo-terminal, so standard error is a terminal.
        let result = try await Child.run([
            "script", "-qec", "\(binary) store advance 30d --state \(state)", "/dev/null",
        ])
        #expect(result.status == 0)
        let output = result.standardOutput
        #expect(output.contains("\radvancing the clock [") && output.contains(" 0/30"))
        #expect(output.contains("\r\u{1B}[K"), "the bar's line is cleared before the result")
    }
}
