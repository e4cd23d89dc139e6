import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What is at a path of the state directory, looked at without following a symbolic link: a
/// state directory's `owner.lock`, `owner.json` and `kiosk.sock` are Kiosk's own, and anything
/// else found there (a directory, a link, a FIFO) is someone else's, never deleted or followed.
enum StateFileKind: Equatable {
    case missing, regularFile, socket, directory, symbolicLink, other

    init(at path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = .missing
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFSOCK: self = .socket
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// "a directory", for "... is in the way".
    var described: String {
        switch self {
        case .missing: "nothing"
        case .regularFile: "a file"
        case .socket: "a socket"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }

    /// Throws when something other than `expected` (or nothing) is at `path`, saying what it is
    /// and that Kiosk leaves it alone.
    static func require(_ expected: StateFileKind, at path: String, makes what: String)
        throws(SharedStateError)
    {
        let found = StateFileKind(at: path)
        guard found != .missing, found != expected else { return }
        throw .unusable(
            path,
            "\(found.described) is in the way where Kiosk makes \(what); Kiosk did not make it and "
                + "leaves it alone: move it away (or use another --state) and try again")
    }
}
