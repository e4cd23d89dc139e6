import Descriptors
import Foundation
import StoreCore

#if canImport(Glibc)
    import Glibc
#endif

/// The exclusive lock that makes one process the owner of a state directory: `flock` on
/// `owner.lock`, held while the descriptor is open, so it dies with the process that holds it
/// (a crash or SIGKILL leaves nothing stale to clean up). It is never inherited by children.
final class StateLock: Sendable {
    static let fileName = StateDirectoryLayout.lockName

    /// Closed, and the lock so released, when this is.
    private let descriptor: OwnedDescriptor

    private init(descriptor: OwnedDescriptor) { self.descriptor = descriptor }

    /// Takes the lock of `directory`, or returns nil at once when another process holds it.
    /// - Throws: `SharedStateError.unusable` when the lock file cannot be opened.
    static func acquire(in directory: URL) throws(SharedStateError) -> StateLock? {
        let path = directory.appendingPathComponent(fileName).path
        // Never through a link nor into a directory someone else put there.
        try StateFileKind.require(.regularFile, at: path, makes: "its lock file")
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            let code = errno
            try StateFileKind.require(.regularFile, at: path, makes: "its lock file")
            throw .unusable(path, String(cString: strerror(code)))
        }
        let descriptor = OwnedDescriptor(fd)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            descriptor.close()
            if code == EWOULDBLOCK { return nil }
            throw .unusable(path, String(cString: strerror(code)))
        }
        return StateLock(descriptor: descriptor)
    }
}
