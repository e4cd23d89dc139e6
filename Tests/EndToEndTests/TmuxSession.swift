import Foundation
import Subprocess
import TestSupport
import Testing

/// The real `kiosk` binary in a private tmux server (`-L kiosk-e2e-<uuid>`, no user config),
/// with its own temporary state directory. Always call ``close()``.
struct TmuxSession {
    /// `swift test` builds every product next to the test bundle (.build/<config>/).
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("kiosk").path

    let socket = "kiosk-e2e-\(UUID().uuidString.prefix(8))"
    /// The state directory; sessions against one `kiosk serve` share the server's.
    var state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-e2e-\(UUID().uuidString)"
    ).path

    /// Runs `kiosk store ARGS --state DIR` to set up the store before the paywall opens.
    func store(_ arguments: String...) throws {
        let output = try Subprocess.run([Self.binary, "store"] + arguments + ["--state", state])
        #expect(output.status == 0, "kiosk store \(arguments): \(output.standardError)")
    }

    /// Starts the paywall at `columns`x`rows`; `shell` wraps it (to inspect the terminal after).
    func start(columns: Int = 100, rows: Int = 30, arguments: String = "", after: String = "") throws {
        let command =
            "env TERM=tmux-256color LANG=C.UTF-8 \(Self.binary) --state \(state) \(arguments)"
        let full = after.isEmpty ? command : "sh -c '\(command); \(after)'"
        try tmux("new-session", "-d", "-s", "app", "-x", "\(columns)", "-y", "\(rows)", full)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        return output.standardOutput
    }

    func keys(_ keys: String...) throws {
        for key in keys { try tmux("send-keys", "-t", "app", key) }
    }

    func type(_ text: String) throws { try tmux("send-keys", "-t", "app", "-l", text) }

    func screen() throws -> String { try tmux("capture-pane", "-p", "-t", "app") }

    /// Polls the screen until it shows `text`; records an issue with the screen on timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws -> String {
        var screen = ""
        do {
            try await waitUntil(
                "the screen to show \(text.debugDescription)", seconds: Self.seconds(timeout),
                every: .milliseconds(50)
            ) {
                // A pane not there yet reads as an empty screen: look again.
                screen = (try? self.screen()) ?? ""
                return screen.contains(text)
            }
        } catch is DeadlineExceeded {
            Issue.record("Timed out waiting for \(text.debugDescription). Screen:\n\(screen)")
        }
        return screen
    }

    /// Buys Lumen Lifetime (the shelf's first product) with Ask to Buy on: the request waits.
    func askToBuyLifetime() async throws {
        try await waitFor("Lumen Pro (Monthly)")
        try keys("Tab", "Enter")
        try await waitFor("Confirm")
        try keys("Enter")
        try await waitFor("Waiting for approval: Lumen Lifetime")
    }

    /// Polls until the session has ended.
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Bool {
        do {
            try await waitUntil(
                "the session to end", seconds: Self.seconds(timeout), every: .milliseconds(50)
            ) {
                try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "has-session", "-t", "app"])
                    .status != 0
            }
            return true
        } catch is DeadlineExceeded {
            return false
        }
    }

    /// A duration in seconds, for `waitUntil`.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func close() {
        _ = try? tmux("kill-server")
        try? FileManager.default.removeItem(atPath: state)
    }
}
