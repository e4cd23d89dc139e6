import Foundation
import Synchronization

/// Watches files for changes by polling their modification time, size and inode (an editor that
/// saves by writing a new file and renaming it over the old one changes the inode, not always
/// the time), and calls `onChange` with the paths that changed. Polling keeps it portable and
/// free of file-descriptor bookkeeping; at 100 ms it costs nothing measurable.
public final class FileWatcher: Sendable {
    /// What identifies one version of a file; nil while it is missing.
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
        var inode: Int?

        init?(path: String) {
            // Unreadable counts as missing: an editor's atomic save removes the file for a
            // moment, and the change is seen when it is back.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            modified = attributes[.modificationDate] as? Date
            size = (attributes[.size] as? NSNumber)?.intValue
            inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        }
    }

    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)
    /// Shared with the polling task (a class, so the task need not hold the watcher).
    private final class PassCount: Sendable {
        let value = Atomic<Int>(0)
    }
    private let completedPasses = PassCount()

    /// How many times the files have been looked at since watching began: a caller that
    /// needs "nothing changed" waits for passes (tests), where a wait of some time proves
    /// nothing on a slow machine.
    public var passes: Int { completedPasses.value.load(ordering: .acquiring) }

    /// Starts watching `paths` every `interval`; `onChange` runs on a background task, one call at
    /// a time.
    public init(
        paths: [String], interval: Duration = .milliseconds(100),
        onChange: @escaping @Sendable ([String]) async -> Void
    ) {
        let watched = Array(Set(paths)).sorted()
        let completedPasses = completedPasses
        task.withLock {
            $0 = Task.detached {
                var stamps = watched.map { Stamp(path: $0) }
                while !Task.isCancelled {
                    // Throws only when cancelled, which ends the loop at its next check.
                    try? await Task.sleep(for: interval)
                    let now = watched.map { Stamp(path: $0) }
                    let changed = zip(watched, zip(stamps, now)).filter { $0.1.0 != $0.1.1 }.map(\.0)
                    stamps = now
                    // Awaited: one change is handled before the next is looked for.
                    if !changed.isEmpty { await onChange(changed) }
                    completedPasses.value.add(1, ordering: .releasing)
                }
            }
        }
    }

    /// Stops watching.
    public func stop() {
        task.withLock { $0?.cancel() }
    }

    deinit { stop() }
}
