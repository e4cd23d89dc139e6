import Foundation

/// Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`): every file under the
/// folder belongs to the targets that list the folder in `fileSystemSynchronizedGroups`,
/// except the paths an exception set for that target lists in `membershipExceptions`. A target
/// that does not list the folder gets exactly the paths its exception set lists (that is how
/// Xcode records "also a member of" for one file of another target's folder).
extension ProjectObjectGraph {
    mutating func synchronizedFiles(ofTarget target: PlistValue, id: String) throws(XcodeProjectError)
        -> [String]
    {
        let owned = Set(target["fileSystemSynchronizedGroups"]?.strings ?? [])
        var files: [String] = []
        for (groupID, group) in objects.sorted(by: { $0.key < $1.key })
        where isa(group) == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = path(of: groupID) else { continue }
            var listed: [String] = []
            for exceptionValue in group["exceptions"]?.array ?? [] {
                guard let exceptionID = exceptionValue.string else { continue }
                let exception = try object(exceptionID, referencedBy: exceptionValue, as: "exception set")
                guard isa(exception) == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    exception["target"]?.string == id
                else { continue }
                listed += exception["membershipExceptions"]?.strings ?? []
            }
            if owned.contains(groupID) {
                let excluded = Set(listed)
                files += Self.files(under: folder).filter { !excluded.contains($0.relative) }.map(\.absolute)
            } else {
                files += listed.map { (folder as NSString).appendingPathComponent($0) }
            }
        }
        // A folder the target lists that no object defines is a damaged file, said as such.
        for groupValue in target["fileSystemSynchronizedGroups"]?.array ?? [] {
            if let groupID = groupValue.string {
                _ = try object(groupID, referencedBy: groupValue, as: "synchronized folder")
            }
        }
        return files
    }

    /// Every file under `folder`, with its path relative to it, in a stable order. Hidden files
    /// are left out, and a folder with an extension (`Assets.xcassets`, `Base.lproj`) is one
    /// entry, as Xcode treats it.
    static func files(under folder: String) -> [(relative: String, absolute: String)] {
        var found: [(String, String)] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let childRelative =
                    relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                let childAbsolute = (folder as NSString).appendingPathComponent(childRelative)
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: childAbsolute, isDirectory: &isFolder)
                if isFolder.boolValue && (name as NSString).pathExtension.isEmpty {
                    walk(childRelative)
                } else {
                    found.append((childRelative, childAbsolute))
                }
            }
        }
        walk("")
        return found
    }
}
