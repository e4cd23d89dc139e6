import Foundation
import SourceDiagnostics
import Synchronization

/// Where a run's lines go: results to `output`, diagnostics about the run itself to `error`.
/// The process writes to its standard output and error (`main.swift`); a test hands in a
/// capturing writer (`Kiosk.run(_:console:)`) and reads what a command printed, in process.
public struct ConsoleWriter: Sendable {
    /// Writes one line of results (with its newline); throws when the reader went away.
    public var output: @Sendable (String) throws -> Void
    /// Writes one line of diagnostics (with its newline).
    public var error: @Sendable (String) -> Void

    public init(
        output: @escaping @Sendable (String) throws -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.output = output
        self.error = error
    }

    /// Standard output and error. A failed write to standard error is dropped: it is where
    /// failures are told, so when it is gone there is nowhere left to say so.
    public static let standard = ConsoleWriter(
        output: { try FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
        error: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) })

    /// A writer that keeps every line, and what it kept so far.
    public static func capturing() -> (
        writer: ConsoleWriter, lines: @Sendable () -> (output: String, error: String)
    ) {
        let kept = Mutex((output: "", error: ""))
        let writer = ConsoleWriter(
            output: { text in kept.withLock { $0.output += text } },
            error: { text in kept.withLock { $0.error += text } })
        return (writer, { kept.withLock { $0 } })
    }
}

/// Where commands write: the task's `ConsoleWriter` (standard output and error unless a caller
/// bound another). Never used while curses owns the screen. Everything written passes
/// `VisibleControls`: a catalog's, an account's or a rehearsal's text reaches the terminal
/// with its control characters spelled out (`\u{1B}`), never as escape sequences the
/// terminal would obey (issue 22). Lines and tabs stay.
public enum Console {
    /// The writer of the running command; bound for a whole run by `Kiosk.run(_:console:)` and
    /// inherited by its child tasks.
    @TaskLocal public static var writer = ConsoleWriter.standard

    /// Whether a result line that could not be written (the reader went away) ends the process,
    /// quietly, as cat does: true for the process's own run (`Kiosk.runProcess`); in process the
    /// failure only ends the output. A flag, not the closure to call: a task-local holding a
    /// closure crashed the release build (Swift 6.3.1, -O) in `swift_task_localValuePush`.
    @TaskLocal public static var endsProcessWhenReaderGone = false

    public static func print(_ text: String) {
        do {
            try writer.output(VisibleControls.visible(text) + "\n")
        } catch {
            if endsProcessWhenReaderGone { exit(0) }
        }
    }

    public static func error(_ text: String) {
        writer.error(VisibleControls.visible(text) + "\n")
    }
}
