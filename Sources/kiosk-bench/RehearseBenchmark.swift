import Foundation
import Rehearsal
import Subprocess

/// `kiosk-bench rehearse`: the whole shipped library (`rehearsals/`) headless, its time per
/// step, beside the same store steps run as separate `kiosk store` processes on a state
/// directory (what a shell script of the same flow costs). Goals: the library under 5 s, a
/// step under 2 ms.
enum RehearseBenchmark {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run() async throws -> [BenchmarkResult] {
        let folder = root.appendingPathComponent("rehearsals")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".rehearsal") && !$0.hasPrefix("_") }.sorted()
        let scripts = try files.map {
            try RehearsalParser.parse(path: folder.appendingPathComponent($0).path).get()
        }
        let environment = RehearsalEnvironment(
            bundledCatalog: { name in
                let path = root.appendingPathComponent("catalogs/\(name).storekit").path
                return FileManager.default.fileExists(atPath: path) ? path : nil
            }, defaultCatalog: root.appendingPathComponent("catalogs/demo.storekit").path,
            themesDirectory: root.appendingPathComponent("themes").path,
            openStore: { try await RehearsalStore.simulator($0) })
        let runner = RehearsalRunner(environment: environment)
        var results: [RehearsalResult] = []
        var times: [Double] = []
        for round in 0..<6 {
            let start = ContinuousClock.now
            var roundResults: [RehearsalResult] = []
            for script in scripts { roundResults.append(await runner.run(script)) }
            // The first round warms up (the shared signing authority, catalogs in the page cache).
            if round > 0 { times.append(seconds(start.duration(to: .now))) }
            results = roundResults
        }
        let failed = results.filter { !$0.passed }.map(\.name)
        guard failed.isEmpty else {
            throw BenchmarkFailure("rehearsals failed: \(failed.joined(separator: ", "))")
        }
        let library = times.sorted()[times.count / 2]
        let steps = results.reduce(0) { $0 + $1.steps }
        let storeSteps = results.reduce(0) { $0 + $1.storeSteps.count }
        let processes = try processTime(results)
        return [
            BenchmarkResult(
                name: "rehearse: the library (\(results.count) rehearsals, \(steps) steps), median of 5",
                value: library, unit: "s", anchorName: "goal", anchorValue: 5, anchorUnit: "s",
                higherIsBetter: false),
            BenchmarkResult(
                name: "rehearse: per step (store, paywall and expectation steps)",
                value: library / Double(steps) * 1000,
                unit: "ms",
                anchorName: "the library's \(storeSteps) store steps as kiosk store processes, per step",
                anchorValue: processes / Double(storeSteps) * 1000, anchorUnit: "ms", higherIsBetter: false),
        ]
    }

    /// Seconds to run every store step of the library as its own `kiosk store` process, a fresh
    /// state directory per rehearsal (a refused step costs its process too, and counts).
    private static func processTime(_ results: [RehearsalResult]) throws -> Double {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-rehearse-\(getpid())")
        // Clean-up of scratch files in the temporary directory: a leftover harms nothing.
        defer { try? FileManager.default.removeItem(at: base) }
        var total = 0.0
        for (index, result) in results.enumerated() {
            let state = base.appendingPathComponent("\(index)").path
            for words in result.storeSteps {
                let start = ContinuousClock.now
                _ = try Subprocess.run(
                    [PaywallProcessBenchmark.binary, "store"] + words + ["--state", state])
                total += seconds(start.duration(to: .now))
            }
        }
        return total
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
