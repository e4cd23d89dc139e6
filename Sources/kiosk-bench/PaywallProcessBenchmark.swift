import Foundation
import Subprocess

/// The real `kiosk` in a private tmux server: time from exec to the first painted frame (the
/// binary measures it with `--exit-after-first-frame`) and CPU use while the paywall sits idle,
/// read from /proc/<pid>/stat. The anchor is `true` spawned the same way: the spawn's own cost.
enum PaywallProcessBenchmark {
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "kiosk"
        )
        .path
    }

    static func run() async throws -> [BenchmarkResult] {
        let socket = "kiosk-bench-\(getpid())"
        func tmux(_ arguments: [String]) throws -> String {
            try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments).standardOutput
        }
        defer { _ = try? tmux(["kill-server"]) }
        // First frame: the binary prints its timings after restoring the terminal.
        let env = "env TERM=tmux-256color LANG=C.UTF-8"
        _ = try tmux([
            "new-session", "-d", "-s", "first", "-x", "100", "-y", "30",
            "sh -c '\(env) \(binary) --ephemeral --exit-after-first-frame; sleep 30'",
        ])
        var line = ""
        for _ in 0..<200 where line.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            line =
                try tmux(["capture-pane", "-p", "-t", "first"]).split(separator: "\n")
                .first { $0.hasPrefix("first frame") }.map(String.init) ?? ""
        }
        let numbers = line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 2 else { throw BenchmarkFailure("no timing printed: '\(line)'") }
        let anchorStart = ContinuousClock.now
        _ = try Subprocess.run(["true"])
        let anchor = anchorStart.duration(to: .now)
        let spawnMs = Double(anchor.components.attoseconds) / 1e15 + Double(anchor.components.seconds) * 1e3

        // Idle CPU: the paywall open with nothing happening for three seconds.
        _ = try tmux([
            "new-session", "-d", "-s", "idle", "-x", "100", "-y", "30", "\(env) \(binary) --ephemeral",
        ])
        try await Task.sleep(for: .seconds(2))
        let pid = try tmux(["list-panes", "-t", "idle", "-F", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let before = try cpuTicks(pid)
        let seconds = 3.0
        try await Task.sleep(for: .seconds(seconds))
        let after = try cpuTicks(pid)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let percent = Double(after - before) / ticksPerSecond / seconds * 100
        return [
            BenchmarkResult(
                name: "first frame after exec (with products)", value: numbers[1], unit: "ms",
                anchorName: "spawn true",
                anchorValue: spawnMs, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "first frame after exec (loading screen)", value: numbers[0], unit: "ms",
                anchorName: "spawn true", anchorValue: spawnMs, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "idle paywall CPU over 3 s", value: percent, unit: "%", anchorName: "goal",
                anchorValue: 1,
                anchorUnit: "%", higherIsBetter: false),
        ]
    }

    /// utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat).
    static func cpuTicks(_ pid: String) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name may hold spaces: count fields after its closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { throw BenchmarkFailure("odd stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw BenchmarkFailure("odd stat: \(stat)")
        }
        return user + system
    }
}
