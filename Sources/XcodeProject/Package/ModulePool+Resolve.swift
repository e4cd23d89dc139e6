import Foundation

extension ModulePool {
    /// The modules the tests reach and what stands in their way on Linux.
    struct Resolution {
        var modules: [XCTestPlan.Module] = []
        /// The facts of every app file that is compiled.
        var keptFacts: [SwiftSourceFacts] = []
        var blockers: [SourceFinding] = []
        var bundleResources: [String] = []
    }

    /// Walks from the test files' imports through each reached module's own imports, leaving
    /// out what Linux cannot compile and, in turn, the app files that use its types (Xcode
    /// compiles them, but the tests do not need them); only a test file that uses a left-out
    /// type stops the run, naming the chain down to the reason.
    func resolve(testFacts: [SwiftSourceFacts], testName: String) throws -> Resolution {
        var resolution = Resolution()
        var queue = forced + testFacts.flatMap { $0.imports.map(\.module) }
        var visited = Set<String>()
        var reached: [(candidate: ModuleCandidate, files: [SwiftSourceFacts])] = []
        var leftOut: [String: [(String, String)]] = [:]
        var leftOutTypes: [String: (path: String, reason: SourceFinding)] = [:]
        var leftOutMembers: [String: (path: String, reason: SourceFinding)] = [:]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard name != testName, let candidate = candidates[name], visited.insert(name).inserted else {
                continue
            }
            var kept: [SwiftSourceFacts] = []
            for path in candidate.swiftFiles {
                let facts = try SwiftSourceFacts.read(
                    path: path, defaultMainActor: candidate.settings.defaultIsolationIsMainActor)
                if let reason = try leaveOutReason(facts, testName: testName) {
                    leftOut[name, default: []].append((path, reason.summary))
                    for type in Self.topLevelTypes(of: path, facts: facts) {
                        leftOutTypes[type] = (path, reason.finding)
                    }
                    for member in Self.extensionMembers(of: path) where leftOutMembers[member] == nil {
                        leftOutMembers[member] = (path, reason.finding)
                    }
                } else {
                    kept.append(facts)
                }
            }
            queue += kept.flatMap { $0.imports.map(\.module) }
            reached.append((candidate, kept))
            resolution.bundleResources += candidate.bundleResources
        }
        // Files that use a left-out type are left out too, until none does.
        var changed = true
        while changed {
            changed = false
            for index in reached.indices {
                let name = reached[index].candidate.name
                reached[index].files.removeAll { facts in
                    let member = facts.unguardedMemberFirstLine.keys.filter { leftOutMembers[$0] != nil }
                        .min()
                    guard let type = Self.firstUse(of: leftOutTypes, in: facts) ?? member,
                        let origin = leftOutTypes[type] ?? leftOutMembers[type]
                    else { return false }
                    leftOut[name, default: []].append(
                        (facts.path, "uses \(type), declared in \(origin.path), which is left out"))
                    for declared in Self.topLevelTypes(of: facts.path, facts: facts)
                    where leftOutTypes[declared] == nil {
                        leftOutTypes[declared] = (facts.path, origin.reason)
                    }
                    changed = true
                    return true
                }
            }
        }
        for (candidate, files) in reached {
            resolution.keptFacts += files
            resolution.modules.append(
                module(
                    name: candidate.name, files: files.map(\.path), facts: files,
                    settings: candidate.settings,
                    root: candidate.root, resources: candidate.resources,
                    leftOut: leftOut[candidate.name] ?? [],
                    testName: testName))
        }
        try Self.requireNoCycle(resolution.modules)
        // A test that uses a type of a left-out file would fail: name both.
        for facts in testFacts {
            for (type, origin) in leftOutTypes.sorted(by: { $0.key < $1.key })
            where facts.unguardedFirstLine[type] != nil && !facts.declaredTypes.contains(type) {
                resolution.blockers.append(
                    SourceFinding(
                        file: facts.path, line: facts.unguardedFirstLine[type] ?? 1, kind: .blocker,
                        message: "uses \(type), declared in \(origin.path), which cannot compile on Linux"))
                resolution.blockers.append(origin.reason)
            }
        }
        return resolution
    }

    /// The types a file declares at its top level: a nested type (`enum Error` inside a
    /// struct) is only reached through its outer type's name, and must not make every use of
    /// Swift's `Error` a use of the left-out file.
    private static func topLevelTypes(of path: String, facts: SwiftSourceFacts) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return facts.declaredTypes }
        return ExtensionMembers.topLevelTypes(in: String(decoding: data, as: UTF8.self))
    }

    /// The members a file adds in its extensions (see `ExtensionMembers`).
    private static func extensionMembers(of path: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return ExtensionMembers.names(in: String(decoding: data, as: UTF8.self))
    }

    /// The left-out type a file uses first (by line), if any; its own declarations do not count.
    private static func firstUse(
        of types: [String: (path: String, reason: SourceFinding)], in facts: SwiftSourceFacts
    ) -> String? {
        types.keys.filter { facts.unguardedFirstLine[$0] != nil && !facts.declaredTypes.contains($0) }
            .min { (facts.unguardedFirstLine[$0] ?? 0, $0) < (facts.unguardedFirstLine[$1] ?? 0, $1) }
    }

    /// The test module: its Kiosk products and the reached modules it imports, and a blocker
    /// for each import nothing offers.
    func testModule(
        name: String, files: [String], facts: [SwiftSourceFacts], settings: SwiftBuildSettings, root: String,
        blockers: inout [SourceFinding]
    ) -> XCTestPlan.Module {
        blockers += unknownImports(facts, testName: name)
        return module(
            name: name, files: files, facts: facts, settings: settings, root: root, resources: [],
            leftOut: [],
            testName: name)
    }

    private func module(
        name: String, files: [String], facts: [SwiftSourceFacts], settings: SwiftBuildSettings, root: String,
        resources: [XCTestPlan.Resource], leftOut: [(String, String)], testName: String
    ) -> XCTestPlan.Module {
        let imports = facts.flatMap { $0.imports.map(\.module) }
        var seen = Set<String>()
        let unique = imports.filter { seen.insert($0).inserted }
        var kioskProducts = unique.filter(Self.kioskProducts.contains)
        var implicit: [String] = []
        // Per file, as imports are: a file that uses the names without importing what brings them.
        if Self.needsImplicit(facts, words: Self.combineWords, bringers: Self.bringsCombine) {
            implicit.append("Combine")
            if !kioskProducts.contains("Combine") { kioskProducts.append("Combine") }
        }
        if Self.needsImplicit(facts, words: Self.observationWords, bringers: Self.bringsObservation) {
            implicit.append("Observation")
        }
        // `String(localized:)` and `String.LocalizationValue`, which Linux's Foundation lacks.
        let localizes = facts.contains {
            $0.unguardedFirstLine["LocalizationValue"] != nil
                || ($0.unguardedFirstLine["localized"] != nil && $0.unguardedFirstLine["String"] != nil)
        }
        if localizes {
            implicit.append("FoundationLocalization")
            kioskProducts.append("FoundationLocalization")
        }
        return XCTestPlan.Module(
            name: name, swiftFiles: files, settings: settings, leftOut: leftOut, root: root,
            dependencies: unique.filter { $0 != name && $0 != testName && candidates[$0] != nil },
            kioskProducts: kioskProducts, implicitImports: implicit, resources: resources)
    }

    /// Whether a file uses one of `words` without importing a module that brings them.
    private static func needsImplicit(_ facts: [SwiftSourceFacts], words: Set<String>, bringers: Set<String>)
        -> Bool
    {
        facts.contains { file in
            !file.identifiers.isDisjoint(with: words)
                && Set(file.imports.map(\.module)).isDisjoint(with: bringers)
                && !file.declaredTypes.contains { words.contains($0) }
        }
    }

    /// Why an app file is left out, or nil: it is view code, or it imports a module Linux cannot
    /// have (an Apple-only framework, a remote package's product, a module nothing offers).
    /// Xcode compiles such a file, but the tests often never reach it (a SwiftData store, the
    /// notifications helper): it is left out, and a compiled file that uses one of its types
    /// is named with it, as for view code.
    func leaveOutReason(_ facts: SwiftSourceFacts, testName: String) throws(XcodeProjectError)
        -> (summary: String, finding: SourceFinding)?
    {
        if let view = try Self.viewCodeReason(facts) { return view }
        for item in facts.imports where !item.isGuarded && item.module != "SwiftUI" {
            if let finding = XCTestPlanner.importBlocker(item, in: facts.path) {
                return ("imports \(item.module) (line \(item.line)), which Linux does not have", finding)
            }
        }
        if let unknown = unknownImports([facts], testName: testName).first,
            let module = facts.imports.first(where: { $0.line == unknown.line })?.module
        {
            let kind =
                remote.repositories[module] != nil ? "a remote package's product" : "which nothing offers"
            return ("imports \(module) (line \(unknown.line)), \(kind)", unknown)
        }
        return nil
    }

    /// Why a file is view code that Linux cannot compile, or nil: it imports a UI framework
    /// outside an `#if canImport`; SwiftUI only when the file also uses a view (Kiosk's SwiftUI
    /// holds ObservableObject, @Published and the main actor, what purchase managers import it for).
    static func viewCodeReason(_ facts: SwiftSourceFacts) throws(XcodeProjectError)
        -> (summary: String, finding: SourceFinding)?
    {
        let interface = facts.imports.filter {
            !$0.isGuarded && LinuxAvailability.userInterfaceModules.contains($0.module)
        }
        guard let first = interface.first else { return nil }
        if let other = interface.first(where: { $0.module != "SwiftUI" }) {
            let finding =
                XCTestPlanner.importBlocker(other, in: facts.path)
                ?? SourceFinding(
                    file: facts.path, line: other.line, kind: .blocker, message: "imports \(other.module)")
            return ("imports \(other.module) (line \(other.line))", finding)
        }
        guard let view = SwiftUIUsage.firstViewUse(in: facts) else { return nil }
        return (
            "imports SwiftUI (line \(first.line)) and uses its \(view.word) (line \(view.line))",
            SourceFinding(
                file: facts.path, line: view.line, kind: .blocker,
                message:
                    "uses SwiftUI's \(view.word), a view, which Linux does not have: move the purchase code out of this "
                    + "view file into a file of its own (one that imports SwiftUI only for ObservableObject or "
                    + "@Published compiles), or guard it with `#if canImport(UIKit)`")
        )
    }

    /// Imports of modules that neither the project, its packages, Kiosk nor Linux's toolchain
    /// offers, each named at its line with what to do (Apple-only and UI frameworks are said
    /// by the Linux checks).
    func unknownImports(_ facts: [SwiftSourceFacts], testName: String) -> [SourceFinding] {
        var found: [SourceFinding] = []
        for file in facts {
            for item in file.imports where !item.isGuarded {
                let module = item.module
                guard module != testName, candidates[module] == nil, !Self.kioskProducts.contains(module),
                    !ToolchainModules.installed.contains(module),
                    !LinuxAvailability.userInterfaceModules.contains(module),
                    !LinuxAvailability.appleOnlyModules.contains(module)
                else { continue }
                let message: String
                if let repository = remote.repositories[module] {
                    let why =
                        remote.fetchFailures[repository].map { "could not fetch (\($0))" }
                        ?? "did not fetch (--offline)"
                    message =
                        "imports \(module), a product of the remote package \(repository), which kiosk xctest \(why): "
                        + "give a checkout of it with "
                        + "--packages DIR (DIR holding \(Self.checkoutName(of: repository))/), add a copy to the project "
                        + "as a local package, or guard the import and the code that uses it with "
                        + "`#if canImport(\(module))`"
                } else {
                    message =
                        "imports \(module), which is not a target of the project or of its local packages, nor a module "
                        + "Kiosk or Linux's Swift toolchain offers: name its sources with --module \(module)=PATH, or "
                        + "guard the import and the code that uses it with `#if canImport(\(module))`"
                }
                found.append(
                    SourceFinding(file: file.path, line: item.line, kind: .blocker, message: message))
            }
        }
        return found
    }

    /// SwiftPM refuses a cycle of targets, as Xcode refuses one of frameworks: say which.
    private static func requireNoCycle(_ modules: [XCTestPlan.Module]) throws(XcodeProjectError) {
        let byName = Dictionary(modules.map { ($0.name, $0) }) { first, _ in first }
        var state: [String: Bool] = [:]  // false: on the path; true: done
        func visit(_ name: String, path: [String]) throws(XcodeProjectError) {
            if state[name] == true { return }
            if state[name] == false {
                let cycle = path.drop { $0 != name } + [name]
                throw XcodeProjectError(
                    "the modules import each other in a cycle (\(cycle.joined(separator: " -> "))), which neither "
                        + "Xcode nor SwiftPM can build; move what both need into a module of its own")
            }
            state[name] = false
            for dependency in byName[name]?.dependencies ?? [] { try visit(dependency, path: path + [name]) }
            state[name] = true
        }
        for module in modules { try visit(module.name, path: []) }
    }
}
