import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Appends lines to the file named by `$KIOSK_LOG`, if set. The paywall never writes to stdout
/// or stderr while curses owns the screen; this is where its diagnostics go instead.
public final class PaywallLog: Sendable {
    private let handle: Mutex<FileHandle?>

    /// Opens `path` for appending (created if missing); nil logs nothing.
    public init(path: String?) {
        var file: FileHandle?
        if let path, !path.isEmpty {
            // O_APPEND: every line goes to the end of the file as it is when written, so two
            // paywalls sharing one `$KIOSK_LOG` (or a log trimmed meanwhile) never write over each
            // other's lines, and there is no seek that could fail and leave the offset at 0.
            // A log that cannot be opened is not written: the handle is then nil.
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor >= 0 { file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) }
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
