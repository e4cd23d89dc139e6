import Foundation
import StoreCore

/// `kiosk store advance` over a long way shows a progress bar on a terminal: the advance is
/// carried out in steps (each one store operation, renewals running in date order as in one
/// big step), and each step moves the bar. Off a terminal it stays one operation.
extension StoreActionRunner {
    /// An advance this long or longer is cut into steps when a bar is shown.
    static let longAdvance: TimeInterval = 2 * 86_400

    /// Performs the operation, in steps with a bar when it is a long advance on a terminal.
    func performShowingProgress(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult
    {
        let steps = Self.steps(for: operation)
        guard steps.count > 1, showsProgress, let bar = ProgressBar.onStandardError("advancing the clock")
        else {
            return try await store.perform(operation)
        }
        defer { bar.finish() }
        var result = StoreOperationResult.done
        for (index, step) in steps.enumerated() {
            bar.update(index, of: steps.count)
            result = try await store.perform(step)
        }
        return result
    }

    /// The operations that together make `operation`: a long advance in at most 100 steps of
    /// at least a day each, periods one at a time; anything else as itself.
    public static func steps(for operation: StoreOperation) -> [StoreOperation] {
        switch operation {
        case .advanceClock(let seconds) where seconds >= longAdvance:
            let count = min(100, Int(seconds / 86_400))
            let step = seconds / Double(count)
            var steps: [StoreOperation] = []
            var covered: TimeInterval = 0
            for index in 0..<count {
                let next = index == count - 1 ? seconds : (step * Double(index + 1)).rounded(.down)
                steps.append(.advanceClock(seconds: next - covered))
                covered = next
            }
            return steps
        case .advanceClockPeriods(let count, let groupID) where count > 1:
            return Array(repeating: .advanceClockPeriods(count: 1, groupID: groupID), count: count)
        default:
            return [operation]
        }
    }
}
