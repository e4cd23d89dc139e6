import Foundation

/// Paths as the readers take them: relative to the current folder, standardized.
enum FilePaths {
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/")
            ? (path as NSString).standardizingPath
            : ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path) as NSString)
                .standardizingPath
    }
}
