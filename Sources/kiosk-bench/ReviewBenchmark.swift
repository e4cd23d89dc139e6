import Foundation
import Subprocess

/// `kiosk lint --review catalogs/demo.storekit`: the App Review pass over every template, locale,
/// customer state, size and plan of the demo, as a user runs it (the release binary beside this
/// one; the budget is a second). The anchor is plain `kiosk lint` of the same catalog: the same
/// process start and catalog read without the renders.
enum ReviewBenchmark {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run() throws -> [BenchmarkResult] {
        let catalog = root.appendingPathComponent("catalogs/demo.storekit").path
        let binary = PaywallProcessBenchmark.binary
        func best(_ arguments: [String], runs: Int) throws -> Double {
            try (0..<runs).map { _ in try CatalogBenchmark.timeProcess(arguments) }.min() ?? 0
        }
        _ = try best([binary, "lint", catalog], runs: 1)  // warm the file cache
        let review = try best([binary, "lint", "--review", catalog], runs: 3)
        let lint = try best([binary, "lint", catalog], runs: 5)
        return [
            BenchmarkResult(
                name: "kiosk lint --review demo.storekit (every template, locale, state, size, plan)",
                value: review * 1000, unit: "ms", anchorName: "kiosk lint demo.storekit",
                anchorValue: lint * 1000,
                anchorUnit: "ms", higherIsBetter: false)
        ]
    }
}
