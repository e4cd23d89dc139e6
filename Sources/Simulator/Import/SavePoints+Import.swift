import Foundation
import StoreCore

/// Save point names an import chooses for itself.
extension SavePoints {
    /// `text` as part of a save point name: letters, digits, `.`, `_` and `-` (what `validName`
    /// takes), anything else `-`, at most 48 characters.
    public static func nameFragment(_ text: String) -> String {
        String(
            text.prefix(48).map { character in
                character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
                    ? character : "-"
            })
    }

    /// `base`, or `base-2`, `base-3`... when a save point of that name exists: never overwritten.
    public static func freeName(_ base: String, in state: URL) -> String {
        var name = base
        var suffix = 2
        while FileManager.default.fileExists(atPath: url(named: name, in: state).path) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        return name
    }

    /// Makes a save point directory (0700) if it is not there.
    /// - Throws: `StoreError.backend` naming the directory.
    static func createDirectory(_ directory: URL) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.backend("cannot create \(directory.path): \(error)")
        }
    }

    /// Removes a save point an import wrote but could not load, so it is never taken for one.
    public static func removeUnloaded(_ savePoint: URL) {
        // Best effort: the error that made the load fail is the one the user needs to read.
        try? FileManager.default.removeItem(at: savePoint)
    }
}
