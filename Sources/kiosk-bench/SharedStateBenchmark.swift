import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Subprocess

/// `kiosk-bench shared`: what a `kiosk store` command costs on a state with history, as a
/// client of a running owner beside opening the state itself.
/// The state: 1,000 accounts with two years of monthly renewals (about 25,000 transactions).
/// Each figure is the median of 15 runs of `kiosk store --account u1 entitlements`; the
/// anchor of the client figure is the same command opening the state itself, in the same run.
enum SharedStateBenchmark {
    static func run() async throws -> [BenchmarkResult] {
        let accounts = Int(ProcessInfo.processInfo.environment["KIOSK_BENCH_ACCOUNTS"] ?? "") ?? 1_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-shared-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // KIOSK_BENCH_KEEP=1 keeps the state for a closer look (its path goes to standard error).
        let keep = ProcessInfo.processInfo.environment["KIOSK_BENCH_KEEP"] != nil
        defer {
            if keep {
                FileHandle.standardError.write(
                    Data("kiosk-bench shared: state kept in \(directory.path)\n".utf8))
            } else {
                // Clean-up of a scratch state: a leftover in the temporary directory harms nothing.
                try? FileManager.default.removeItem(at: directory)
            }
        }
        let transactions = try await buildState(in: directory, accounts: accounts)
        let command = [
            PaywallProcessBenchmark.binary, "store", "entitlements", "--account", "u1", "--state",
            directory.path,
        ]
        let alone = try median(of: command)

        // An owner that stays: a server on the state (the paywall would do the same).
        let owner = try Subprocess.spawn([
            PaywallProcessBenchmark.binary, "serve", "--state", directory.path, "--listen", "127.0.0.1:0",
        ])
        defer {
            kill(owner, SIGTERM)
            _ = Subprocess.wait(owner)
        }
        let record = StateDirectoryLayout(directory).ownerRecord.path
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: record) {
            try await Task.sleep(for: .milliseconds(50))
        }
        guard FileManager.default.fileExists(atPath: record) else {
            throw BenchmarkFailure("kiosk serve did not take the state within 30 s")
        }
        let client = try median(of: command)
        let spawn = try median(of: ["true"])
        let start = try median(of: [PaywallProcessBenchmark.binary, "--help"])
        return [
            BenchmarkResult(
                name: "kiosk store entitlements as a client (\(transactions) transactions)", value: client,
                unit: "ms", anchorName: "opening the state itself", anchorValue: alone, anchorUnit: "ms",
                higherIsBetter: false),
            BenchmarkResult(
                name: "kiosk store entitlements as a client, beyond spawning", value: client - spawn,
                unit: "ms",
                anchorName: "goal", anchorValue: 20, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "kiosk store entitlements as a client, beyond starting kiosk", value: client - start,
                unit: "ms", anchorName: "kiosk --help, the process start floor", anchorValue: start,
                anchorUnit: "ms", higherIsBetter: false),
        ]
    }

    /// Accounts `u0`... each with a monthly subscription renewed for two years.
    private static func buildState(in directory: URL, accounts: Int) async throws -> Int {
        let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("catalogs/demo.storekit").path
        let store = try SimulatedStore.open(
            catalog: try LoadedCatalog.load(contentsOf: catalogPath), location: .directory(directory),
            frozenClock: true, offers: .none)
        for index in 0..<accounts {
            try await store.addAccount(StoreAccount(name: "u\(index)"))
            try await store.switchAccount(to: "u\(index)")
            _ = try await store.purchase(
                "com.kiosk.lumen.pro.monthly", options: [.introductoryOfferEligibility(false)])
        }
        for _ in 0..<24 { _ = try await store.advanceClock(by: 30.4375 * 86_400) }
        return try await store.notifications(after: 0, limit: Int.max).count
    }

    /// The median wall time of 15 runs of `arguments`, in milliseconds.
    private static func median(of arguments: [String]) throws -> Double {
        var times: [Double] = []
        for _ in 0..<15 {
            let start = ContinuousClock.now
            let output = try Subprocess.run(arguments)
            guard output.status == 0 else {
                throw BenchmarkFailure("\(arguments.joined(separator: " ")): \(output.standardError)")
            }
            let elapsed = start.duration(to: .now)
            times.append(
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return times.sorted()[times.count / 2]
    }
}
