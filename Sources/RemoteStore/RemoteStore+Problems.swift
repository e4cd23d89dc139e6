import Foundation

/// Failures a stream cannot hand to the app (a stream cannot throw): each is one line on
/// standard error, as `SimulatedStore`'s, so both backends say the same of the same input;
/// tests bind `problemReporter`.
extension RemoteStore {
    @TaskLocal static var problemReporter: @Sendable (String) -> Void = { line in
        // A line that cannot be written to standard error has nowhere else to go.
        try? FileHandle.standardError.write(contentsOf: Data("kiosk: \(line)\n".utf8))
    }
}
