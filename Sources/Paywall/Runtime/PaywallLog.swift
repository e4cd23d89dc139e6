import Foundation
import Synchronization

/// Appends lines to the file named by `$KIOSK_LOG`, if set. The paywall never writes to stdout
/// or stderr while curses owns the screen; this is where its diagnostics go instead.
public final class PaywallLog: Sendable {
    private let handle: Mutex<FileHandle?>

    /// Opens `path` for appending (created if missing); nil logs nothing.
    public init(path: String?) {
        var file: FileHandle?
        if let path, !path.isEmpty {
            if !FileManager.default.fileExists(atPath: path) {
                // A log that cannot be created is not written: the handle below is then nil.
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            file = FileHandle(forWritingAtPath: path)
            // Appending is best effort: the log is where failures would be reported, so a log
            // that cannot seek writes from the start rather than not at all.
            _ = try? file?.seekToEnd()
        }
        handle = Mutex(file)
    }

    public func write(_ message: String) {
        handle.withLock { file in
            guard let file else { return }
            let line = "\(Date().formatted(.iso8601)) \(message)\n"
            // A line the log cannot take has nowhere else to go (the screen belongs to curses).
            try? file.write(contentsOf: Data(line.utf8))
        }
    }
}
