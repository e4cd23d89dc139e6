import Foundation

/// Reads the files the module is handed; the only file access in Catalog.
enum CatalogFile {
    static func read(_ path: String) throws(CatalogError) -> [UInt8] {
        // Foundation's own errors ("NSCocoaErrorDomain error 256", "You don't have permission"
        // for a FIFO) say nothing a person can act on: name what the path is instead.
        if let problem = FileProblem.reading(path) { throw .unreadable(file: path, reason: problem) }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw .unreadable(file: path, reason: reason)
        }
    }

    static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }
}

/// Why a path cannot be read as a file, in plain words.
public enum FileProblem {
    /// What stands in the way of reading `path` as a regular file, or nil when nothing does.
    public static func reading(_ path: String) -> String? {
        let files = FileManager.default
        // attributesOfItem does not follow a symbolic link: look at what it points to.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // The answer is the problem found: why the attributes could not be read is said below.
        guard let attributes = try? files.attributesOfItem(atPath: target) else {
            return files.fileExists(atPath: path)
                ? "it cannot be examined: check the permissions of the directories above it"
                : "no such file: check the path"
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: return "it is a directory, not a file: name a file inside it"
        case .typeCharacterSpecial?, .typeBlockSpecial?: return "it is a device, not a regular file"
        case .typeSocket?: return "it is a socket, not a regular file"
        default: return "it is not a regular file (a named pipe or another special file): name a regular file"
        }
        guard files.isReadableFile(atPath: target) else {
            return "permission denied: its mode or owner does not let this user read it"
        }
        return nil
    }
}
