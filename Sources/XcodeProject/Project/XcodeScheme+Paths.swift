import Foundation

extension XcodeScheme {
    /// The `.xcodeproj` or `.xcworkspace` the scheme belongs to: the folder above
    /// `xcshareddata/xcschemes` (or `xcuserdata/NAME.xcuserdatad/xcschemes`).
    public var containerPath: String {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != "/",
            !folder.hasSuffix(".xcodeproj") && !folder.hasSuffix(".xcworkspace")
        {
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folder.isEmpty || folder == "/" ? (path as NSString).deletingLastPathComponent : folder
    }

    /// The folder `container:` references of this scheme are relative to: the one that holds
    /// its project or workspace.
    public var containerFolder: String { (containerPath as NSString).deletingLastPathComponent }

    /// The project a testable's `ReferencedContainer` names, as an absolute path; nil when it
    /// names none (a scheme of the project that holds the target then means that project).
    public func projectPath(of testable: Testable) -> String? {
        guard let container = testable.container else { return nil }
        return XcodeLocation.resolve(
            container, groupFolder: containerFolder, containerFolder: containerFolder)
    }

    /// A test plan reference's file, as an absolute path.
    public func testPlanPath(_ reference: TestPlanReference) -> String {
        XcodeLocation.resolve(
            reference.reference, groupFolder: containerFolder, containerFolder: containerFolder)
            ?? reference.reference
    }

    /// The places a StoreKit configuration `identifier` may be relative to, in the order they
    /// are tried: Xcode writes `container:Folder/Products.storekit` (relative to the folder that
    /// holds the project) or a plain relative path, which schemes in the wild write relative to
    /// the project's folder, to the scheme file, or to the `.xcodeproj` itself.
    public func storeKitConfigurationCandidates(projectPath: String) -> [String] {
        guard let reference = storeKitConfigurationReference else { return [] }
        return Self.candidates(
            for: reference, containerPath: projectPath, also: [(path as NSString).deletingLastPathComponent])
    }

    /// The StoreKit configuration's candidates when the scheme is read from its own file's
    /// place: relative to its container (a project's or a workspace's), as above.
    public var storeKitConfigurationCandidates: [String] {
        storeKitConfigurationCandidates(projectPath: containerPath)
    }

    /// Where a file reference (`container:…`, absolute or relative) may be: a `container:`
    /// path and an absolute one are exact; a relative one is tried from the folder holding the
    /// container, each of `also`, the container itself and (for a project) its
    /// `project.xcworkspace`, without repeats.
    static func candidates(for reference: String, containerPath: String, also: [String]) -> [String] {
        let containerFolder = (containerPath as NSString).deletingLastPathComponent
        if reference.hasPrefix("container:") || reference.hasPrefix("absolute:") {
            return XcodeLocation.resolve(
                reference, groupFolder: containerFolder, containerFolder: containerFolder
            )
            .map { [$0] } ?? []
        }
        if reference.hasPrefix("/") { return [(reference as NSString).standardizingPath] }
        var bases = [containerFolder] + also + [containerPath]
        if containerPath.hasSuffix(".xcodeproj") {
            bases.append((containerPath as NSString).appendingPathComponent("project.xcworkspace"))
        }
        var seen = Set<String>()
        return bases.map {
            (($0 as NSString).appendingPathComponent(reference) as NSString).standardizingPath
        }
        .filter { seen.insert($0).inserted }
    }
}
