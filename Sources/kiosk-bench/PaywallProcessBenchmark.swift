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

    /// The paywall's first frames in milliseconds since exec, as `kiosk --exit-after-first-frame`
    /// reports them in a private tmux server: the loading screen, then the one with products.
    /// `storeArguments` says which store (`--ephemeral`, or `--state DIR`).
    static func firstFrames(storeArguments: String = "--ephemeral") async throws -> (
        loading: Double, products: Double
    ) {
        let socket = "kiosk-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func tmux(_ arguments: [String]) throws -> String {
            try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments).standardOutput
        }
        // Clean-up: a server already gone (the paywall quit) is what "kill-server" wants anyway.
        defer { _ = try? tmux(["kill-server"]) }
        // The binary prints its timings after restoring the terminal.
        let env = "env TERM=tmux-256color LANG=C.UTF-8"
        _ = try tmux([
            "new-session", "-d", "-s", "first", "-x", "100", "-y", "30",
            "sh -c '\(env) \(binary) \(storeArguments) --exit-after-first-frame; sleep 30'",
        ])
        var line = ""
        // Up to five minutes: a store that loads its whole history takes a while on a big ledger.
        for _ in 0..<6000 where line.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            line =
                try tmux(["capture-pane", "-p", "-t", "first"]).split(separator: "\n")
                .first { $0.hasPrefix("first frame") }.map(String.init) ?? ""
        }
        let numbers = line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 2 else { throw BenchmarkFailure("no timing printed: '\(line)'") }
        return (numbers[0], numbers[1])
    }

    static func run() async throws -> [BenchmarkResult] {
        let socket = "kiosk-bench-\(getpid())"
        func tmux(_ arguments: [String]) throws -> String {
            try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments).standardOutput
        }
        // Clean-up: a server already gone (the paywall quit) is what "kill-server" wants anyway.
        defer { _ = try? tmux(["kill-server"]) }
        let env = "env TERM=tmux-256color LANG=C.UTF-8"
        let frames = try await firstFrames()
        let numbers = [frames.loading, frames.products]
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
