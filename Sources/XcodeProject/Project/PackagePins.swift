import Foundation

/// The revisions a project pins its remote packages at: `Package.resolved`, as SwiftPM writes it
/// beside a package and Xcode writes it inside a project or workspace
/// (`App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved`). Versions 1 to 3
/// of the file are read; Xcode's file holds every package of the graph, its packages' packages too.
public struct PackagePins: Sendable, Equatable {
    public struct Pin: Sendable, Equatable {
        public var revision: String
        /// The tag SwiftPM chose, for messages; nil for a branch or revision pin.
        public var version: String?
    }

    /// By repository, as `PackagePins.key(of:)` spells it.
    public private(set) var pins: [String: Pin] = [:]
    /// The files read, for messages.
    public private(set) var files: [String] = []
    /// Files found that are not a `Package.resolved` of any version (damaged, or a merge left
    /// conflict markers in them): the run says so, and fetches those packages' default branches.
    public private(set) var unreadable: [String] = []

    public init() {}

    /// The pins of every `Package.resolved` in the places SwiftPM and Xcode keep one, in `folder`
    /// and its projects and workspaces.
    public static func find(in folder: String) -> PackagePins {
        var found = PackagePins()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var candidates = ["Package.resolved"]
        for name in names where name.hasSuffix(".xcodeproj") {
            candidates.append(name + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        }
        for name in names where name.hasSuffix(".xcworkspace") {
            candidates.append(name + "/xcshareddata/swiftpm/Package.resolved")
        }
        for candidate in candidates {
            let path = (folder as NSString).appendingPathComponent(candidate)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            found.read(data, path: path)
        }
        return found
    }

    public func pin(of repository: String) -> Pin? { pins[Self.key(of: repository)] }

    mutating func read(_ data: Data, path: String) {
        // Not JSON is `unreadable`, said by the run; which JSON error it was does not help the user.
        // Version 1 nests the list in "object" and names the URL "repositoryURL".
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let list = (json["pins"] ?? (json["object"] as? [String: Any])?["pins"]) as? [[String: Any]]
        else { return unreadable.append(path) }
        for entry in list {
            guard let location = (entry["location"] ?? entry["repositoryURL"]) as? String,
                let state = entry["state"] as? [String: Any], let revision = state["revision"] as? String
            else { continue }
            let key = Self.key(of: location)
            if pins[key] == nil { pins[key] = Pin(revision: revision, version: state["version"] as? String) }
        }
        files.append(path)
    }

    /// One spelling for the URLs a project and a resolved file write for the same repository:
    /// `git@github.com:Org/Repo.git`, `https://github.com/org/repo` and `…/repo.git/` are one.
    public static func key(of repository: String) -> String {
        var text = repository.lowercased().trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("git@"), let colon = text.firstIndex(of: ":") {
            text =
                "https://" + text[text.index(text.startIndex, offsetBy: 4)..<colon] + "/"
                + text[text.index(after: colon)...]
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }
}
