import Foundation

/// Xcode's file locations in workspaces, schemes and test plans: `group:Path` (relative to the
/// enclosing group's folder, the workspace's folder at its top), `container:Path` (relative to
/// the folder that holds the workspace or project), `absolute:/Path`, and `self:` (the
/// container itself: a project's `project.xcworkspace` names its project so).
enum XcodeLocation {
    /// The absolute, standardized path a location names; nil for a kind that names no file
    /// here (`developer:` is inside Xcode.app).
    static func resolve(_ location: String, groupFolder: String, containerFolder: String) -> String? {
        let path: String
        if let rest = location.dropPrefix("group:") {
            path = rest.hasPrefix("/") ? rest : (groupFolder as NSString).appendingPathComponent(rest)
        } else if let rest = location.dropPrefix("container:") {
            path = rest.hasPrefix("/") ? rest : (containerFolder as NSString).appendingPathComponent(rest)
        } else if let rest = location.dropPrefix("absolute:") {
            path = rest
        } else if let rest = location.dropPrefix("self:") {
            path = (containerFolder as NSString).appendingPathComponent(rest)
        } else if let colon = location.firstIndex(of: ":"), location[..<colon].allSatisfy(\.isLetter) {
            return nil
        } else {
            path =
                location.hasPrefix("/")
                ? location : (groupFolder as NSString).appendingPathComponent(location)
        }
        return (path as NSString).standardizingPath
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
