import Foundation

/// Every module the tests could reach, by module name, and the walk that takes the ones they
/// do reach: the modules the test files import, then the modules those import, each a module
/// of its own in the generated package with its own settings (as Xcode builds each target).
struct ModulePool {
    /// Kiosk's Linux stand-ins for Apple's frameworks, by the name code imports.
    static let kioskProducts: Set<String> = ["StoreKit", "StoreKitTest", "Combine", "OSLog", "os", "SwiftUI"]
    /// Kiosk's stand-ins for what Apple's Foundation has and Linux's lacks, which code never
    /// imports by name: imported for the modules that use them.
    static let implicitKioskProducts: Set<String> = ["FoundationLocalization"]
    /// Modules that bring Combine with them (as Apple's do): a module importing one of these
    /// needs no implicit Combine.
    static let bringsCombine: Set<String> = ["Combine", "StoreKit", "StoreKitTest", "SwiftUI"]
    /// Combine's names purchase code uses with only `import Foundation`, which on Apple
    /// platforms brings Combine.
    static let combineWords: Set<String> = [
        "ObservableObject", "Published", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject",
        "AnyPublisher", "Cancellable",
    ]

    /// Observation's names, which Apple's Foundation brings too (an `@Observable` class in a
    /// file that imports only Foundation, OSLog or StoreKit compiles in Xcode).
    static let observationWords: Set<String> = [
        "Observable", "ObservationIgnored", "ObservationTracked", "withObservationTracking", "Observations",
    ]
    /// Modules that bring Observation with them (Kiosk's StoreKit and SwiftUI re-export it).
    static let bringsObservation: Set<String> = ["Observation", "SwiftUI", "StoreKit", "StoreKitTest"]

    private(set) var candidates: [String: ModuleCandidate] = [:]
    /// Modules the run takes whether or not the tests import them (`--sources`).
    private(set) var forced: [String] = []
    private(set) var remote = RemoteProducts()
    /// What fetching remote packages did, for the run's output.
    private(set) var fetchNotes: [SourceFinding] = []
    private var readPackages = Set<String>()

    init(request: XCTestRequest, input: ProjectInput, testFacts: [SwiftSourceFacts], testName: String) throws
    {
        switch input {
        case .xcode(let project) where request.sources.isEmpty:
            for target in project.targets where !target.isUnitTestBundle && target.moduleName != testName {
                add(
                    ModuleCandidate(
                        name: target.moduleName, swiftFiles: target.swiftFiles,
                        settings: target.swiftSettings,
                        root: project.folder, resources: [], bundleResources: target.resourceFiles,
                        origin: "the target \(target.name) of \((project.path as NSString).lastPathComponent)"
                    ))
                for product in target.packageProducts {
                    switch product.source {
                    case .local(let folder): try addPackage(at: folder)
                    case .remote(let url): remote.add(product.name, repository: url)
                    }
                }
            }
            for folder in project.localPackages { try addPackage(at: folder) }
            // The workspace's other projects: their frameworks are built beside this one's.
            for other in request.workspaceProjects {
                let sibling = try XcodeProject.read(at: other)
                for target in sibling.targets where !target.isUnitTestBundle {
                    add(
                        ModuleCandidate(
                            name: target.moduleName, swiftFiles: target.swiftFiles,
                            settings: target.swiftSettings,
                            root: sibling.folder, resources: [], bundleResources: target.resourceFiles,
                            origin:
                                "the target \(target.name) of \((sibling.path as NSString).lastPathComponent)"
                        ))
                }
                for folder in sibling.localPackages { try addPackage(at: folder) }
            }
        case .package(let package):
            try addPackage(package)
        case .xcode, .files:
            break
        }
        try addCheckouts(of: request, input: input)
        if !request.sources.isEmpty {
            let imported = testFacts.flatMap { $0.imports.filter(\.isTestable).map(\.module) }
            let name = imported.first ?? "App"
            let files = try XCTestPlanner.swiftFiles(in: request.sources)
            add(
                ModuleCandidate(
                    name: name, swiftFiles: files, settings: SwiftBuildSettings([:]),
                    root: Self.root(of: request.sources, input: input), resources: [], bundleResources: [],
                    origin: "--sources"),
                replacing: true)
            forced.append(name)
        }
        for module in request.modules {
            add(
                ModuleCandidate(
                    name: module.name, swiftFiles: try XCTestPlanner.swiftFiles(in: module.paths),
                    settings: SwiftBuildSettings([:]), root: Self.root(of: module.paths, input: input),
                    resources: [], bundleResources: [], origin: "--module \(module.name)"),
                replacing: true)
        }
    }

    /// The remote packages the project links, read as local packages so their products' imports
    /// resolve: a checkout found in `--packages` or the project's `.build/checkouts` (where
    /// `swift package resolve` puts them), else one fetched into `.kiosk/packages` at the revision
    /// `Package.resolved` pins (unless `--offline`). The packages those depend on follow in turn.
    private mutating func addCheckouts(of request: XCTestRequest, input: ProjectInput) throws {
        let folders =
            request.packageCheckouts.map(XCTestPlanner.absolute)
            + [(input.folder as NSString).appendingPathComponent(".build/checkouts")]
        let root = request.outputRoot ?? input.folder
        let fetcher = RemotePackageFetcher(
            folder: (root as NSString).appendingPathComponent(".kiosk/packages"),
            pins: PackagePins.find(in: input.folder))
        for file in fetcher.pins.unreadable where request.fetchesPackages && !remote.repositories.isEmpty {
            fetchNotes.append(
                SourceFinding(
                    file: file, line: 1, kind: .bridged,
                    message:
                        "is not a Package.resolved kiosk xctest can read (not JSON, or no pins in it): the "
                        + "packages it should pin are fetched at their default branch; let Xcode or "
                        + "`swift package resolve` write it again"))
        }
        var added = Set<String>()
        while let repository = remote.repositories.values.sorted().first(where: { !added.contains($0) }) {
            added.insert(repository)
            // Offline, an earlier run's fetch is used as it is; online, the fetcher moves it to the pin.
            let checkout =
                Self.checkout(of: repository, in: folders)
                ?? (request.fetchesPackages
                    ? fetch(repository, with: fetcher, projectPath: input.folder)
                    : Self.checkout(of: repository, in: [fetcher.folder]))
            guard let checkout else { continue }
            for product in remote.repositories.filter({ $0.value == repository }).map(\.key) {
                remote.repositories[product] = nil
            }
            try addPackage(at: checkout)
        }
    }

    private static func checkout(of repository: String, in folders: [String]) -> String? {
        let name = checkoutName(of: repository)
        for folder in folders {
            for candidate in [name, name.lowercased()] {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(
                    atPath: (path as NSString).appendingPathComponent("Package.swift"))
                {
                    return path
                }
            }
        }
        return nil
    }

    private mutating func fetch(_ repository: String, with fetcher: RemotePackageFetcher, projectPath: String)
        -> String?
    {
        switch fetcher.fetch(repository) {
        case .fetched(let path, let note):
            let file = fetcher.pins.files.first ?? projectPath
            fetchNotes.append(SourceFinding(file: file, line: 1, kind: .bridged, message: note))
            return path
        case .failed(let reason):
            remote.fetchFailures[repository] = reason
            return nil
        }
    }

    /// `StoreHelper` for `https://github.com/russell-archer/StoreHelper.git`: SwiftPM's checkout folder.
    static func checkoutName(of repository: String) -> String {
        var name = (repository as NSString).lastPathComponent
        if name.hasSuffix(".git") { name = String(name.dropLast(4)) }
        return name
    }

    /// The folder a named module's links start at: the one folder given, else the project's.
    private static func root(of paths: [String], input: ProjectInput) -> String {
        let absolute = paths.map(XCTestPlanner.absolute)
        var isFolder: ObjCBool = false
        if absolute.count == 1, FileManager.default.fileExists(atPath: absolute[0], isDirectory: &isFolder),
            isFolder.boolValue
        {
            return absolute[0]
        }
        return input.folder
    }

    private mutating func add(_ candidate: ModuleCandidate, replacing: Bool = false) {
        if replacing || candidates[candidate.name] == nil { candidates[candidate.name] = candidate }
    }

    /// A local package's targets, and the local packages it depends on in turn.
    private mutating func addPackage(at folder: String) throws {
        guard !readPackages.contains(folder) else { return }
        guard
            FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent("Package.swift"))
        else {
            throw XcodeProjectError(
                "the project depends on the local package at \(folder), which has no Package.swift: if a tool "
                    + "generates it (Flutter's ephemeral packages, Tauri's API package), run that tool first; if it "
                    + "is a checkout next to this one, put it there under that name")
        }
        try addPackage(try SwiftPackage.read(at: folder))
    }

    private mutating func addPackage(_ package: SwiftPackage) throws {
        guard readPackages.insert(package.folder).inserted else { return }
        let remoteIdentities = Set(package.dependencies.filter { $0.folder == nil }.map(\.identity))
        let locations = Dictionary(package.dependencies.map { ($0.identity, $0.location) }) { first, _ in
            first
        }
        for target in package.targets where target.kind == .regular {
            add(
                ModuleCandidate(
                    name: target.name, swiftFiles: target.swiftFiles, settings: target.settings,
                    root: target.folder,
                    resources: target.resources.map { XCTestPlan.Resource(path: $0.path, rule: $0.rule) },
                    bundleResources: [],
                    origin: "the target \(target.name) of the package \(package.name) (\(package.folder))"))
            for case .product(let name, let identity) in target.dependencies
            where remoteIdentities.contains(identity.lowercased()) || remoteIdentities.contains(identity) {
                remote.add(
                    name, repository: locations[identity] ?? locations[identity.lowercased()] ?? identity)
            }
        }
        for dependency in package.dependencies {
            if let folder = dependency.folder { try addPackage(at: folder) }
        }
    }
}
