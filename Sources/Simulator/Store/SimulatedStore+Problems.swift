import Foundation

/// Failures the store cannot hand to a caller: a stream that starts (it cannot throw), the
/// store's own timer. Each is one line on standard error; tests bind `problemReporter`.
extension SimulatedStore {
    @TaskLocal static var problemReporter: @Sendable (String) -> Void = { line in
        // A line that cannot be written to standard error has nowhere else to go.
        try? FileHandle.standardError.write(contentsOf: Data("kiosk: \(line)\n".utf8))
    }

    nonisolated func reportProblem(_ line: String) { Self.problemReporter(line) }

    /// Runs what is due by now before a stream starts. A failure (the ledger cannot be written)
    /// does not stop the stream: it starts with what is committed, the due events run at the
    /// next read or action, which throws if the ledger still fails, and reach the stream then.
    func catchUpBeforeStreaming(_ stream: String) {
        do {
            try catchUp()
        } catch {
            reportProblem(
                "\(stream) started before the events due by now could run (\(error)); they run at the next action"
            )
        }
    }
}
