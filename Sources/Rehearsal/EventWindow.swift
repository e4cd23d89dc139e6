import Foundation

/// Collects what a store stream delivers while one step runs, then stops, so the paywall hears
/// of a step's changes at a moment the rehearsal chooses, in the order the store announced them.
///
/// The window subscribes before the step. The simulator hands its announcements to the streams
/// before the call that caused them returns, so when the step is over they all wait in the
/// stream's buffer; closing the window ends the stream (cancelling its reader ends an
/// `AsyncStream`, and a finished stream still yields what it buffered), so the reader takes
/// exactly what the step produced. A server's stream lags: `settle` gives it that long first.
struct EventWindow<Element: Sendable>: Sendable {
    private let reader: Task<[Element], Never>
    private let settle: Duration

    init(_ stream: AsyncStream<Element>, settle: Duration) {
        self.settle = settle
        reader = Task {
            var collected: [Element] = []
            for await element in stream { collected.append(element) }
            return collected
        }
    }

    /// Everything the stream delivered since the window opened.
    func close() async -> [Element] {
        // Throws only when cancelled: the window then closes at once, with what it has.
        if settle > .zero { try? await Task.sleep(for: settle) }
        reader.cancel()
        return await reader.value
    }
}
