import Foundation

/// Reads the files the module is handed; the only file access in Catalog.
enum CatalogFile {
    static func read(_ path: String) throws(CatalogError) -> [UInt8] {
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
