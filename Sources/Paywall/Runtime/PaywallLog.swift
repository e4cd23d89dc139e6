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
            _ = try? file?.seekToEnd()
        }
        handle = Mutex(file)
    }

    public func write(_ message: String) {
        handle.withLock { file in
            guard let file else { return }
            let line = "\(Date().formatted(.iso8601)) \(message)\n"
            try? file.write(contentsOf: Data(line.utf8))
        }
    }
}
