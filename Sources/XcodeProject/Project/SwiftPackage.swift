import Foundation
import Subprocess

/// A developer's Swift package as `kiosk xctest` needs it: its targets with their files,
/// resources, settings and dependencies, read from SwiftPM's own evaluation of the manifest
/// (`swift package dump-package`), so every manifest SwiftPM reads is read the same way.
public struct SwiftPackage: Sendable {
    /// One target of the package.
    public struct Target: Sendable, Equatable {
        public enum Kind: String, Sendable { case regular, test, executable }
        /// One dependency as the manifest writes it.
        public enum Dependency: Sendable, Equatable {
            /// A target of this package, or a product named like it (`"Core"`).
            case byName(String)
            /// A product of another package (`.product(name:package:)`), by package identity.
            case product(String, package: String)
        }

        public var name: String
        public var kind: Kind
        /// The target's folder, absolute.
        public var folder: String
        public var swiftFiles: [String]
        /// Resources as the manifest declares them: the path (absolute) and `process` or `copy`.
        public var resources: [(path: String, rule: String)]
        public var dependencies: [Dependency]
        public var settings: SwiftBuildSettings

        public static func == (lhs: Target, rhs: Target) -> Bool {
            lhs.name == rhs.name && lhs.swiftFiles == rhs.swiftFiles && lhs.dependencies == rhs.dependencies
        }
    }

    /// The package's folder (the one that holds `Package.swift`).
    public var folder: String
    public var name: String
    public var targets: [Target]
    /// The packages it depends on: identity and, for a local one, its folder (nil for a
    /// repository SwiftPM would fetch).
    public var dependencies: [(identity: String, folder: String?, location: String)]

    /// Reads the package whose manifest is in `folder` (or is the `Package.swift` given).
    /// - Throws: `XcodeProjectError` with SwiftPM's own message when the manifest does not evaluate.
    public static func read(at path: String) throws(XcodeProjectError) -> SwiftPackage {
        var folder = (path as NSString).standardizingPath
        if (folder as NSString).lastPathComponent.hasPrefix("Package"), folder.hasSuffix(".swift") {
            folder = (folder as NSString).deletingLastPathComponent
        }
        if !folder.hasPrefix("/") {
            folder = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
        }
        let manifest = (folder as NSString).appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest) else {
            throw XcodeProjectError(
                "\(path): no Package.swift there; give a Swift package's folder or manifest")
        }
        let output: Subprocess.Output
        do {
            output = try Subprocess.run(["swift", "package", "--package-path", folder, "dump-package"])
        } catch {
            throw XcodeProjectError("cannot run `swift package dump-package` for \(manifest): \(error)")
        }
        guard output.status == 0, let data = output.standardOutput.data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            let reason = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw XcodeProjectError(
                "\(manifest) does not evaluate (SwiftPM says: \(reason.isEmpty ? "no output" : reason)); "
                    + "fix the manifest so `swift package dump-package` reads it")
        }
        return SwiftPackage(folder: folder, json: json)
    }

    init(folder: String, json: [String: Any]) {
        self.folder = folder
        name = json["name"] as? String ?? (folder as NSString).lastPathComponent
        let toolsVersion = ((json["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? "5.9.0"
        let toolsMajor = Int(toolsVersion.split(separator: ".").first ?? "5") ?? 5
        // The package's language mode: the newest it declares (SwiftPM builds with the newest
        // its compiler supports), else the tools version's default (6 from tools 6.0).
        let declared = (json["swiftLanguageModes"] ?? json["swiftLanguageVersions"]) as? [Any]
        let packageMode = declared.map(Self.languageModes)?.max() ?? (toolsMajor >= 6 ? 6 : 5)
        targets = (json["targets"] as? [[String: Any]] ?? []).compactMap {
            Self.target($0, packageFolder: folder, packageMode: packageMode)
        }
        dependencies = (json["dependencies"] as? [[String: Any]] ?? []).compactMap(Self.dependency)
    }

    /// `["5", "6"]`, or the `{"version": {"_0": "6"}}` form newer manifests dump.
    private static func languageModes(_ values: [Any]) -> [Int] {
        values.compactMap { value in
            if let text = value as? String { return Int(text.split(separator: ".").first ?? "") }
            if let object = value as? [String: Any], let inner = object.values.first as? [String: Any],
                let text = inner["_0"] as? String
            {
                return Int(text.split(separator: ".").first ?? "")
            }
            return nil
        }
    }

    private static func target(_ json: [String: Any], packageFolder: String, packageMode: Int) -> Target? {
        guard let name = json["name"] as? String, let type = json["type"] as? String,
            let kind = Target.Kind(rawValue: type)
        else { return nil }
        let defaultPath = (kind == .test ? "Tests/" : "Sources/") + name
        let folder =
            ((packageFolder as NSString).appendingPathComponent(json["path"] as? String ?? defaultPath)
            as NSString).standardizingPath
        let excluded = (json["exclude"] as? [String] ?? []).map {
            ((folder as NSString).appendingPathComponent($0) as NSString).standardizingPath
        }
        let resources: [(path: String, rule: String)] = (json["resources"] as? [[String: Any]] ?? [])
            .compactMap {
                guard let path = $0["path"] as? String, let rule = ($0["rule"] as? [String: Any])?.keys.first
                else {
                    return nil
                }
                return (
                    ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath, rule
                )
            }
        let resourcePaths = resources.map(\.path)
        let within: (String) -> Bool = { file in
            !(excluded + resourcePaths).contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        let listed = (json["sources"] as? [String]).map { sources in
            sources.flatMap { source -> [String] in
                let path = ((folder as NSString).appendingPathComponent(source) as NSString).standardizingPath
                return path.hasSuffix(".swift") ? [path] : Self.swiftFiles(under: path)
            }
        }
        let swiftFiles = (listed ?? Self.swiftFiles(under: folder)).filter(within)
        return Target(
            name: name, kind: kind, folder: folder, swiftFiles: swiftFiles, resources: resources,
            dependencies: (json["dependencies"] as? [[String: Any]] ?? []).compactMap(dependency(ofTarget:)),
            settings: settings(json["settings"] as? [[String: Any]] ?? [], packageMode: packageMode))
    }

    private static func swiftFiles(under folder: String) -> [String] {
        ProjectObjectGraph.files(under: folder).map(\.absolute).filter { $0.hasSuffix(".swift") }.sorted()
    }

    private static func dependency(ofTarget json: [String: Any]) -> Target.Dependency? {
        if let byName = (json["byName"] ?? json["target"]) as? [Any], let name = byName.first as? String {
            return .byName(name)
        }
        if let product = json["product"] as? [Any], let name = product.first as? String {
            return .product(name, package: (product.count > 1 ? product[1] as? String : nil) ?? name)
        }
        return nil
    }

    /// The target's language mode, default isolation and upcoming features, in Xcode's
    /// setting names so that one `SwiftBuildSettings` serves both.
    private static func settings(_ json: [[String: Any]], packageMode: Int) -> SwiftBuildSettings {
        var xcode = ["SWIFT_VERSION": "\(packageMode)"]
        for setting in json where setting["tool"] as? String == "swift" {
            guard let kind = setting["kind"] as? [String: Any], let (name, raw) = kind.first else { continue }
            let value = ((raw as? [String: Any])?["_0"]).map { "\($0)" } ?? ""
            switch name {
            case "swiftLanguageMode", "swiftLanguageVersion":
                let mode =
                    ((raw as? [String: Any])?["_0"] as? [String: Any])?.values.first
                    .flatMap { ($0 as? [String: Any])?["_0"] as? String } ?? value
                if let major = mode.split(separator: ".").first { xcode["SWIFT_VERSION"] = String(major) }
            case "defaultIsolation":
                if value.contains("MainActor") { xcode["SWIFT_DEFAULT_ACTOR_ISOLATION"] = "MainActor" }
            case "enableUpcomingFeature":
                xcode["SWIFT_UPCOMING_FEATURE_" + Self.settingName(ofFeature: value)] = "YES"
            default: continue
            }
        }
        return SwiftBuildSettings(xcode)
    }

    /// `StrictConcurrency` → `STRICT_CONCURRENCY`, the inverse of `SwiftBuildSettings.featureName`.
    static func settingName(ofFeature feature: String) -> String {
        var words: [String] = []
        for character in feature {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        return words.map { $0.uppercased() }.joined(separator: "_")
    }

    private static func dependency(_ json: [String: Any]) -> (
        identity: String, folder: String?, location: String
    )? {
        if let local = (json["fileSystem"] as? [[String: Any]])?.first,
            let identity = local["identity"] as? String
        {
            let path = local["path"] as? String ?? ""
            return (identity, path, path)
        }
        if let remote = (json["sourceControl"] as? [[String: Any]])?.first,
            let identity = remote["identity"] as? String
        {
            // A git repository on this machine (`.package(url: "/path/repo", …)`) is `local`.
            let place = remote["location"] as? [String: Any]
            let location =
                ((place?["remote"] as? [[String: Any]])?.first?["urlString"] as? String)
                ?? (place?["local"] as? [String])?.first ?? identity
            return (identity, nil, location)
        }
        return nil
    }
}
