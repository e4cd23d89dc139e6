import Foundation
import Synchronization

/// A budget for each figure of a probe process: past it, the process says which figure ran
/// over, on which state, and exits, instead of running on (the scale probe's first call once
/// ran for 25 minutes). `KIOSK_BENCH_BUDGET` seconds, default 120. The watchdog runs on a
/// dispatch thread, so a figure stuck on the store's thread is still stopped.
final class FigureBudget: Sendable {
    static let exitStatus: Int32 = 3
    let seconds: Double
    private let current = Mutex<(name: String, generation: Int)>(("", 0))

    init() {
        seconds =
            Double(ProcessInfo.processInfo.environment["KIOSK_BENCH_BUDGET"] ?? "").flatMap {
                $0 > 0 ? $0 : nil
            } ?? 120
    }

    /// Starts the clock of the figure `name`; the figure ends when the next one starts or the
    /// process ends.
    func start(_ name: String) {
        let generation = current.withLock { state -> Int in
            state = (name, state.generation + 1)
            return state.generation
        }
        let seconds = seconds
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            let overrun = current.withLock { $0.generation == generation ? $0.name : nil }
            guard let overrun else { return }
            FileHandle.standardError.write(
                Data(
                    ("kiosk-bench: \(overrun) ran past its budget of \(String(format: "%g", seconds)) s and was stopped "
                        + "(KIOSK_BENCH_BUDGET sets the budget)\n").utf8))
            exit(Self.exitStatus)
        }
    }
}
