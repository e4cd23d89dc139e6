import Foundation
import SourceDiagnostics

/// Where commands write: standard output for results, standard error for diagnostics about
/// the run itself. Never used while curses owns the screen. Everything written passes
/// `VisibleControls`: a catalog's, an account's or a rehearsal's text reaches the terminal
/// with its control characters spelled out (`\u{1B}`), never as escape sequences the
/// terminal would obey (issue 22). Lines and tabs stay.
enum Console {
    static func print(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((VisibleControls.visible(text) + "\n").utf8))
        } catch {
            // The reader went away (`kiosk store products | head`): stop quietly, as cat does.
            exit(0)
        }
    }

    static func error(_ text: String) {
        // Standard error is where failures are told: when it is gone there is nowhere left to say so.
        try? FileHandle.standardError.write(contentsOf: Data((VisibleControls.visible(text) + "\n").utf8))
    }
}
