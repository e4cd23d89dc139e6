import Foundation
import SourceDiagnostics

/// The `objects` table of a `project.pbxproj` and the walks over it: from the root project to
/// its targets, from a build file to its path through the groups that hold it, and from a
/// synchronized folder to the files on disk that belong to a target.
struct ProjectObjectGraph {
    let objects: [String: PlistValue]
    let rootID: String
    let file: String
    let lines: LineTable
    let projectFolder: String
    /// The group that holds each object, for resolving `<group>` relative paths.
    private var parents: [String: String] = [:]
    private var resolvedPaths: [String: String?] = [:]

    init(root: PlistValue, file: String, bytes: [UInt8], projectFolder: String) throws(XcodeProjectError) {
        self.file = file
        self.lines = LineTable(bytes: bytes)
        self.projectFolder = projectFolder
        guard let objects = root["objects"]?.dictionary else {
            throw XcodeProjectError(
                "project.pbxproj has no 'objects' dictionary; the file is damaged (restore it from version control)",
                at: lines.location(ofOffset: root.offset, file: file))
        }
        guard let rootID = root["rootObject"]?.string else {
            throw XcodeProjectError(
                "project.pbxproj has no 'rootObject'; the file is damaged (restore it from version control)",
                at: lines.location(ofOffset: root.offset, file: file))
        }
        self.objects = objects
        self.rootID = rootID
        for (id, object) in objects {
            for child in object["children"]?.strings ?? [] { parents[child] = id }
        }
    }

    /// The object `id`, or a located error naming who refers to it.
    func object(_ id: String, referencedBy referrer: PlistValue, as role: String) throws(XcodeProjectError)
        -> PlistValue
    {
        guard let object = objects[id] else {
            throw XcodeProjectError(
                "\(role) \(id) does not exist in 'objects'; the file is damaged (restore it from version control)",
                at: lines.location(ofOffset: referrer.offset, file: file))
        }
        return object
    }

    func isa(_ object: PlistValue) -> String { object["isa"]?.string ?? "" }

    mutating func targets() throws(XcodeProjectError) -> [XcodeTarget] {
        let project = try object(
            rootID, referencedBy: objects[rootID] ?? .string(rootID, offset: 0), as: "rootObject")
        let projectSettings = try debugSettings(of: project)
        var targets: [XcodeTarget] = []
        for idValue in project["targets"]?.array ?? [] {
            guard let id = idValue.string else { continue }
            let target = try object(id, referencedBy: idValue, as: "target")
            // Aggregate and legacy targets compile nothing Swift.
            guard isa(target) == "PBXNativeTarget" else { continue }
            targets.append(try read(target: target, id: id, projectSettings: projectSettings))
        }
        return targets
    }

    private mutating func read(target: PlistValue, id: String, projectSettings: [String: String])
        throws(XcodeProjectError)
        -> XcodeTarget
    {
        var swiftFiles: [String] = []
        var resources: [String] = []
        for phaseValue in target["buildPhases"]?.array ?? [] {
            guard let phaseID = phaseValue.string else { continue }
            let phase = try object(phaseID, referencedBy: phaseValue, as: "build phase")
            let kind = isa(phase)
            guard kind == "PBXSourcesBuildPhase" || kind == "PBXResourcesBuildPhase" else { continue }
            for buildFileValue in phase["files"]?.array ?? [] {
                guard let buildFileID = buildFileValue.string else { continue }
                let buildFile = try object(buildFileID, referencedBy: buildFileValue, as: "build file")
                guard let referenceID = buildFile["fileRef"]?.string else { continue }
                for path in try paths(ofReference: referenceID, referencedBy: buildFile) {
                    if kind == "PBXSourcesBuildPhase" {
                        if path.hasSuffix(".swift") { swiftFiles.append(path) }
                    } else {
                        resources.append(path)
                    }
                }
            }
        }
        let synchronized = try synchronizedFiles(ofTarget: target, id: id)
        swiftFiles += synchronized.filter { $0.hasSuffix(".swift") }
        resources += synchronized.filter { !$0.hasSuffix(".swift") }

        var dependencies: [String] = []
        for dependencyValue in target["dependencies"]?.array ?? [] {
            guard let dependencyID = dependencyValue.string else { continue }
            let dependency = try object(dependencyID, referencedBy: dependencyValue, as: "target dependency")
            if let targetID = dependency["target"]?.string, let name = objects[targetID]?["name"]?.string {
                dependencies.append(name)
            }
        }
        var settings = projectSettings
        settings.merge(try debugSettings(of: target)) { $1 }
        let name = target["name"]?.string ?? id
        return XcodeTarget(
            name: name, productType: target["productType"]?.string ?? "", swiftFiles: swiftFiles,
            resourceFiles: resources, dependencies: dependencies, buildSettings: settings,
            packageProducts: packageProducts(of: target),
            location: lines.location(ofOffset: target.offset, file: file))
    }

    /// The Debug configuration's settings (the one Xcode's test action uses by default), else
    /// the first configuration's.
    private func debugSettings(of owner: PlistValue) throws(XcodeProjectError) -> [String: String] {
        guard let listValue = owner["buildConfigurationList"], let listID = listValue.string else {
            return [:]
        }
        let list = try object(listID, referencedBy: listValue, as: "build configuration list")
        var configurations: [PlistValue] = []
        for configurationValue in list["buildConfigurations"]?.array ?? [] {
            guard let configurationID = configurationValue.string else { continue }
            configurations.append(
                try object(configurationID, referencedBy: configurationValue, as: "build configuration"))
        }
        let chosen = configurations.first { $0["name"]?.string == "Debug" } ?? configurations.first
        var settings: [String: String] = [:]
        for (key, value) in chosen?["buildSettings"]?.dictionary ?? [:] {
            settings[key] = value.string ?? value.strings.joined(separator: " ")
        }
        return settings
    }

    /// The file paths a build file's reference stands for: one file, or each localization of
    /// a variant group.
    private mutating func paths(ofReference id: String, referencedBy referrer: PlistValue)
        throws(XcodeProjectError)
        -> [String]
    {
        let reference = try object(id, referencedBy: referrer, as: "file reference")
        if isa(reference) == "PBXVariantGroup" {
            return (reference["children"]?.strings ?? []).compactMap { path(of: $0) }
        }
        return path(of: id).map { [$0] } ?? []
    }

    /// The absolute path of a file reference or group; nil for references into the SDK or the
    /// build products, which are not the project's files.
    mutating func path(of id: String) -> String? {
        if let known = resolvedPaths[id] { return known }
        let resolved = computePath(of: id)
        resolvedPaths[id] = resolved
        return resolved
    }

    private mutating func computePath(of id: String) -> String? {
        guard let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<absolute>": return own
        case "SOURCE_ROOT": return (projectFolder as NSString).appendingPathComponent(own)
        case "<group>":
            guard let parent = parents[id] else {
                // The main group: relative to the project folder (and its projectDirPath).
                let projectDir = objects[rootID]?["projectDirPath"]?.string ?? ""
                let base = (projectFolder as NSString).appendingPathComponent(projectDir)
                return ((base as NSString).appendingPathComponent(own) as NSString).standardizingPath
            }
            guard let parentPath = path(of: parent) else { return nil }
            return ((parentPath as NSString).appendingPathComponent(own) as NSString).standardizingPath
        default: return nil
        }
    }
}
