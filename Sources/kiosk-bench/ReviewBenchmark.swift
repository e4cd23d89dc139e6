import Catalog
import CatalogReview
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import StoreCore
import Subprocess
import TerminalUI

/// `kiosk lint --review catalogs/demo.storekit`: the App Review pass over every template, locale,
/// customer state, size and plan of the demo, as a user runs it (the release binary beside this
/// one; the budget is a second). The anchor is plain `kiosk lint` of the same catalog: the same
/// process start and catalog read without the renders.
///
/// Then the same review in this process, with its counts: how many screens it stands for, how
/// many distinct ones it rendered, and the CPU time per rendered screen beside the time one
/// render of a demo screen takes alone (the frame), so the review's floor (distinct screens x
/// frame / cores) stands beside its wall time.
enum ReviewBenchmark {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run() async throws -> [BenchmarkResult] {
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
        ] + (try await inProcess(catalogAt: catalog))
    }

    static func inProcess(catalogAt path: String) async throws -> [BenchmarkResult] {
        let catalog = try LoadedCatalog.load(contentsOf: path)
        let theme = try Theme.load(path: root.appendingPathComponent("themes/default.json").path)
        _ = try await CatalogReviewer.review(catalog: catalog, theme: theme)  // warm lazy globals
        let (cpuBefore, wallBefore) = (CPUClock.seconds(), ContinuousClock.now)
        let report = try await CatalogReviewer.review(catalog: catalog, theme: theme)
        let wall = CatalogBenchmark.seconds(ContinuousClock.now - wallBefore)
        let cpu = CPUClock.seconds() - cpuBefore
        let frame = try await frameSeconds(catalog: catalog, theme: theme)
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let renders = Double(report.renders)
        return [
            BenchmarkResult(
                name: "review renders (distinct screens, each checked once)", value: renders,
                unit: "renders", anchorName: "screens reviewed (template x locale x state x size x plan)",
                anchorValue: Double(report.screens), anchorUnit: "screens", higherIsBetter: false),
            BenchmarkResult(
                name: "review CPU per distinct render (render + check)", value: cpu / renders * 1e6,
                unit: "µs", anchorName: "one render of a demo screen alone (frame)", anchorValue: frame * 1e6,
                anchorUnit: "µs", higherIsBetter: false),
            BenchmarkResult(
                name: "review in process (wall)", value: wall * 1000, unit: "ms",
                anchorName: "floor: distinct renders x frame / \(Int(cores)) cores",
                anchorValue: renders * frame / cores * 1000, anchorUnit: "ms", higherIsBetter: false),
        ]
    }

    /// Seconds per render of the demo's subscription screens (every template, both review sizes,
    /// every plan selected) for a new customer, on one thread.
    static func frameSeconds(catalog: LoadedCatalog, theme: Theme) async throws -> Double {
        let store = try SimulatedStore.open(
            catalog: catalog, location: .ephemeral(), frozenClock: true, offers: .none)
        var paywall = HeadlessPaywall(store: store, content: PaywallContent(catalog: catalog), theme: theme)
        await paywall.start()
        var screens: [AppState] = []
        for template in PaywallTemplate.allCases {
            for size in PaywallReview.sizes {
                var state = paywall.state
                state.content.template = template
                _ = PaywallProgram.update(&state, .resize(size))
                for index in state.store.plans.indices {
                    state.planIndex = index
                    screens.append(state)
                }
            }
        }
        var cells = 0
        let rounds = 5
        for state in screens {
            cells &+= PaywallProgram.render(state, theme: theme, size: state.size).buffer.size.rows
        }
        let seconds = Stopwatch.time {
            for _ in 0..<rounds {
                for state in screens {
                    cells &+= PaywallProgram.render(state, theme: theme, size: state.size).buffer.size.rows
                }
            }
        }
        guard cells > 0 else { throw BenchmarkFailure("the demo's screens rendered nothing") }
        return seconds / Double(rounds * screens.count)
    }
}
