import Foundation
import StoreCore

/// `kiosk store advance` over a long way shows a progress bar on a terminal: the advance is
/// carried out in steps (each one store operation, renewals running in date order as in one
/// big step), and each step moves the bar. Off a terminal it stays one operation.
extension StoreActionRunner {
    /// An advance this long or longer is cut into steps when a bar is shown.
    static let longAdvance: TimeInterval = 2 * 86_400

    /// Performs the operation, in steps with a bar when it is a long advance on a terminal that
    /// the store can make whole: an advance past the last date its certificate authority can
    /// sign goes as one operation, which the store refuses before it moves anything (in steps,
    /// the steps before the refused one would have stayed).
    func performShowingProgress(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult
    {
        guard case .advanceClock(let seconds) = operation, seconds >= Self.longAdvance, showsProgress,
            let bar = ProgressBar.onStandardError("advancing the clock"),
            await Self.canReach(seconds, on: store)
        else {
            return try await store.perform(operation)
        }
        let steps = Self.steps(for: operation)
        defer { bar.finish() }
        var result = StoreOperationResult.done
        for (index, step) in steps.enumerated() {
            bar.update(index, of: steps.count)
            result = try await store.perform(step)
        }
        return result
    }

    /// Whether the store's clock can surely move `seconds` forward (its snapshot says how far it
    /// can go). When the snapshot cannot say (a simulated failure of its products, an older
    /// server), the advance goes as one operation: no bar, but nothing half done.
    static func canReach(_ seconds: TimeInterval, on store: any Store & StoreControl) async -> Bool {
        // Not knowing is an answer (above): the advance then runs as one operation, which
        // reports its own failure.
        guard let snapshot = try? await store.snapshot(groupID: nil, recordLimit: 0),
            let now = snapshot.clock, let latest = snapshot.latestClock
        else { return false }
        return seconds <= latest.timeIntervalSince(now)
    }

    /// The operations that together make `operation`: a long advance in at most 100 steps of
    /// at least a day each; anything else, periods too, as itself (the store checks that all
    /// the periods fit before it moves the clock, which it could not do one period at a time).
    public static func steps(for operation: StoreOperation) -> [StoreOperation] {
        switch operation {
        case .advanceClock(let seconds) where seconds >= longAdvance && seconds.isFinite:
            // Counted in Double first: `Int(8e23 / 86_400)` would trap.
            let count = Int(min(100, (seconds / 86_400).rounded(.down)))
            let step = seconds / Double(count)
            var steps: [StoreOperation] = []
            var covered: TimeInterval = 0
            for index in 0..<count {
                let next = index == count - 1 ? seconds : (step * Double(index + 1)).rounded(.down)
                steps.append(.advanceClock(seconds: next - covered))
                covered = next
            }
            return steps
        default:
            return [operation]
        }
    }
}
