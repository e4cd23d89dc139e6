import Foundation

/// Where commands write: standard output for results, standard error for diagnostics about
/// the run itself. Never used while curses owns the screen.
enum Console {
    static func print(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
        } catch {
            // The reader went away (`kiosk store products | head`): stop quietly, as cat does.
            exit(0)
        }
    }

    static func error(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }
}
