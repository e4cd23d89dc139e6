import Descriptors
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The few file operations the certificate authority needs, with errno-based messages that
/// name the file, and writes that are atomic (temporary file, fsync, rename).
enum FileIO {
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func read(_ path: String) throws(SigningError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
        let number = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard number >= 0 else { throw .unreadableFile(path: path, reason: errnoText()) }
        let descriptor = OwnedDescriptor(number)
        defer { descriptor.close() }
        return try descriptor.withNumber { fd throws(SigningError) in try read(fd, path: path) }
    }

    private static func read(_ fd: Int32, path: String) throws(SigningError) -> [UInt8] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadableFile(path: path, reason: errnoText()) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadableFile(path: path, reason: "it is a directory, not a file")
        default:
            throw .unreadableFile(path: path, reason: "it is not a regular file (a named pipe or a device)")
        }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: path, reason: errnoText())
            }
            if count == 0 { return result }
            result += buffer.prefix(count)
            // Keys and certificates are a few kilobytes; anything huge is not one of ours.
            guard result.count <= 1 << 20 else { throw .corruptFile(path: path, reason: "larger than 1 MiB") }
        }
    }

    static func readText(_ path: String) throws(SigningError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Writes `bytes` to `path` so that a reader sees the old file or the new one, never a
    /// torn one, and a crash leaves no partial file behind under `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) throws(SigningError) {
        let temporary = "\(path).tmp-\(getpid())"
        let number = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard number >= 0 else { throw .writeFailed(path: path, reason: errnoText()) }
        let descriptor = OwnedDescriptor(number)
        defer { descriptor.closeIfOpen() }
        do throws(SigningError) {
            try descriptor.withNumber { fd throws(SigningError) in
                try write(bytes, to: fd, path: path, mode: mode)
            }
            descriptor.close()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw .writeFailed(path: path, reason: reason)
        }
        syncDirectory(containing: path)
    }

    /// Writes all of `bytes` to `fd`, sets its mode and flushes it to disk.
    private static func write(_ bytes: [UInt8], to fd: Int32, path: String, mode: mode_t) throws(SigningError)
    {
        var written = 0
        while written < bytes.count {
            // Bytes remain (the loop's condition), so the buffer has an address.
            let count = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .writeFailed(path: path, reason: errnoText()) }
            written += count
        }
        // The umask may have narrowed the mode; a key must still end up exactly 0600.
        guard fchmod(fd, mode) == 0 && fsync(fd) == 0 else {
            throw .writeFailed(path: path, reason: errnoText())
        }
    }

    /// Makes `path` and its parents (mode 0700: the directory holds private keys).
    static func makeDirectory(_ path: String) throws(SigningError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .writeFailed(
                path: path, reason: "cannot create the directory (\(error.localizedDescription))")
        }
    }

    /// Flushes a directory entry (a rename) to disk.
    static func syncDirectory(containing path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let descriptor = OwnedDescriptor(fd)
        descriptor.withNumber { _ = fsync($0) }
        descriptor.close()
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
