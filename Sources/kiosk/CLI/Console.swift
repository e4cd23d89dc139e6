import Foundation

/// Where commands write: standard output for results, standard error for diagnostics about
/// the run itself. Never used while curses owns the screen.
enum Console {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
