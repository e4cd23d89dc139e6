import Foundation

extension RehearsalParser {
    /// The largest rehearsal file read: a thousand times any real one.
    static let maximumFileSize = 4 * 1024 * 1024

    /// The file's bytes when it is a regular file of at most `maximumFileSize` bytes, else nil
    /// (the caller says it cannot be read). `include /dev/zero` or `include /dev/stdin` would
    /// otherwise read forever, and a huge file would be held whole (issue 22: bound every size).
    static func readRehearsal(_ path: String) -> Data? {
        // A file that cannot be examined cannot be read either: nil, and the caller says so.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= maximumFileSize
        else { return nil }
        return FileManager.default.contents(atPath: path)
    }
}
