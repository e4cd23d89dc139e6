import Descriptors
import Foundation
import StoreCore

/// `kiosk state import`: every input is checked before the state directory is touched (the
/// name, then the file: its schema, integrity, authority files and every row, on a private
/// copy), and only then installed, each file written beside its place and renamed over it. A
/// refusal at any step leaves the state directory exactly as it was; so does a failed load
/// after the install (`SavePointInstallation.rollback`).
public final class SavePointImport {
    /// The save point's name in the state (`savepoints/NAME.kiosk`).
    public let name: String
    /// What the file holds.
    public let summary: SavePointSummary
    private let checked: CheckedSavePoint

    /// Checks `name`, then `file`: nothing is written but a private temporary copy, removed
    /// when this import is released.
    /// - Parameter progress: called with (accounts checked, accounts in all).
    /// - Throws: `StoreError.invalidArgument` naming what is wrong (the name, or the file and
    ///   what in it differs from a save point Kiosk writes).
    public init(file: URL, name: String, progress: ((Int, Int) -> Void)? = nil) throws(StoreError) {
        self.name = try SavePoints.validName(name)
        checked = try SavePointValidator.check(file, progress: progress)
        summary = checked.summary
    }

    deinit { checked.remove() }

    /// Whether the file was signed by `state`'s certificate authority (else the authority comes
    /// with it, which only works while no process owns the state).
    /// - Throws: `StoreError.backend` when the state's authority cannot be read.
    public func hasSameAuthority(as state: URL) throws(StoreError) -> Bool {
        try SavePoints.hasSameAuthority(summary, as: state)
    }

    /// Installs the checked copy as `savepoints/NAME.kiosk` in `state` and, with `authority`, the
    /// file's certificate authority as `ca/...`: all written beside first, then renamed into
    /// place. A failure undoes what was done before it throws.
    /// - Throws: `StoreError.invalidAction` when something Kiosk did not make is in the way (a
    ///   directory where a file goes), `StoreError.backend` when the disk refuses.
    public func install(into state: URL, authority: Bool) throws(StoreError) -> SavePointInstallation {
        var writes: [SavePointInstallation.Write] = [
            .init(
                destination: SavePoints.url(named: name, in: state).path, mode: 0o600,
                source: .file(checked.path))
        ]
        if authority {
            for file in summary.files {
                writes.append(
                    .init(
                        destination: state.appendingPathComponent(file.path).path,
                        mode: mode_t(file.mode & 0o777),
                        source: .bytes(file.contents)))
            }
        }
        let installation = SavePointInstallation()
        do throws(StoreError) {
            try installation.perform(writes)
        } catch {
            installation.rollback()
            throw error
        }
        return installation
    }
}

/// What an install changed, to keep (`commit`) or to undo (`rollback`): the files it replaced
/// are kept as hard links beside them until then.
public final class SavePointInstallation {
    struct Write {
        enum Source {
            case file(String)
            case bytes(Data)
        }
        var destination: String
        var mode: mode_t
        var source: Source
    }

    private struct Placed {
        var destination: String
        /// The file it replaced, linked beside it; nil when there was none.
        var previous: String?
    }

    private var createdDirectories: [String] = []
    private var staged: [String] = []
    private var placed: [Placed] = []

    fileprivate init() {}

    fileprivate func perform(_ writes: [Write]) throws(StoreError) {
        let suffix = "kiosk-\(getpid())-\(UUID().uuidString.prefix(8))"
        for write in writes { try Self.refuseObstacle(at: write.destination) }
        for write in writes { try createDirectories(for: write.destination) }
        var partials: [String] = []
        for write in writes {
            let partial = Self.beside(write.destination, "partial-" + suffix)
            staged.append(partial)
            try Self.write(write, to: partial)
            partials.append(partial)
        }
        for (write, partial) in zip(writes, partials) {
            var previous: String?
            if access(write.destination, F_OK) == 0 {
                let backup = Self.beside(write.destination, "previous-" + suffix)
                guard link(write.destination, backup) == 0 else {
                    throw StoreError.backend("cannot keep \(write.destination) aside: \(Self.lastError)")
                }
                previous = backup
            }
            guard rename(partial, write.destination) == 0 else {
                if let previous { unlink(previous) }
                throw StoreError.backend("cannot write \(write.destination): \(Self.lastError)")
            }
            staged.removeAll { $0 == partial }
            placed.append(Placed(destination: write.destination, previous: previous))
        }
        for directory in Set(writes.map { ($0.destination as NSString).deletingLastPathComponent }) {
            Self.syncDirectory(directory)
        }
    }

    /// Keeps what was installed: the replaced files are let go.
    public func commit() {
        for item in placed { if let previous = item.previous { unlink(previous) } }
        placed = []
        createdDirectories = []
    }

    /// Puts the state back as it was before the install.
    public func rollback() {
        for partial in staged { unlink(partial) }
        for item in placed.reversed() {
            if let previous = item.previous {
                rename(previous, item.destination)
            } else {
                unlink(item.destination)
            }
        }
        for directory in createdDirectories.reversed() { rmdir(directory) }
        (staged, placed, createdDirectories) = ([], [], [])
    }

    /// Something other than a file where a file goes is not Kiosk's to replace.
    private static func refuseObstacle(at path: String) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        let what =
            kind == S_IFDIR
            ? "a directory" : kind == S_IFLNK ? "a symbolic link" : "something other than a file"
        throw StoreError.invalidAction(
            "\(path) is \(what), where the import writes a file; Kiosk did not make it and leaves it alone: "
                + "move it away and import again")
    }

    private func createDirectories(for file: String) throws(StoreError) {
        var missing: [String] = []
        var directory = (file as NSString).deletingLastPathComponent
        while !directory.isEmpty, directory != "/", access(directory, F_OK) != 0 {
            missing.append(directory)
            directory = (directory as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() {
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
                throw StoreError.backend("cannot create \(directory): \(Self.lastError)")
            }
            createdDirectories.append(directory)
        }
    }

    private static func write(_ write: Write, to partial: String) throws(StoreError) {
        switch write.source {
        case .file(let source):
            _ = try StreamedCopy.copy(from: source, to: partial, expectingPrefix: [], sync: true)
        case .bytes(let data):
            let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw StoreError.backend("cannot create \(partial): \(lastError)") }
            let descriptor = OwnedDescriptor(fd)
            defer { descriptor.close() }
            let flushed = descriptor.withNumber { fd in
                data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) } == data.count
                    && fsync(fd) == 0
            }
            guard flushed else {
                unlink(partial)
                throw StoreError.backend("cannot write \(partial): \(lastError)")
            }
        }
        guard chmod(partial, write.mode) == 0 else {
            unlink(partial)
            throw StoreError.backend("cannot set the mode of \(partial): \(lastError)")
        }
    }

    /// `.NAME.WHAT` beside `path`: hidden, so no listing takes it for a save point.
    private static func beside(_ path: String, _ what: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return (directory as NSString).appendingPathComponent(
            "." + (path as NSString).lastPathComponent + "." + what)
    }

    private static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let descriptor = OwnedDescriptor(fd)
        descriptor.withNumber { _ = fsync($0) }
        descriptor.close()
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
