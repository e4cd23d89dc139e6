import Foundation

extension XCTestPlanner {
    /// The blocker for an import of a module Linux lacks, with what to do: view code moves out
    /// (or is guarded), other Apple-only code is guarded.
    static func importBlocker(_ item: SwiftSourceFacts.Import, in path: String) -> SourceFinding? {
        let advice: String
        if LinuxAvailability.userInterfaceModules.contains(item.module) {
            advice = "move the purchase code out of this view file into a file of its own, or guard it with "
        } else if LinuxAvailability.appleOnlyModules.contains(item.module) {
            advice = "guard the import and the code that needs it with "
        } else {
            return nil
        }
        return SourceFinding(
            file: path, line: item.line, kind: .blocker,
            message:
                "imports \(item.module), which Linux does not have: \(advice)`#if canImport(\(item.module))`")
    }

    /// Blockers for XCTest API Linux lacks, notes for what the package bridges.
    static func findLinuxGaps(
        _ facts: SwiftSourceFacts, blockers: inout [SourceFinding], notes: inout [SourceFinding]
    ) {
        for (name, advice) in LinuxAvailability.missingXCTestAPI where facts.identifiers.contains(name) {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine[name] ?? 1, kind: .blocker,
                    message: "uses \(name), which Linux's XCTest does not have: \(advice)"))
        }
        if let name = LinuxAvailability.originalStoreKitAPI.intersection(facts.identifiers).min(by: {
            (facts.firstLine[$0] ?? 0, $0) < (facts.firstLine[$1] ?? 0, $1)
        }) {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine[name] ?? 1, kind: .blocker,
                    message:
                        "uses \(name), original StoreKit's (StoreKit 1) API, which Kiosk's StoreKit does not offer: it "
                        + "runs StoreKit 2 (Product, Transaction, AppStore); move this purchase code to StoreKit 2, or "
                        + "guard it with `#if canImport(Darwin)`"))
        }
        for name in LinuxAvailability.storeKitInterfaceAPI.intersection(facts.identifiers).sorted() {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine[name] ?? 1, kind: .blocker,
                    message:
                        "uses \(name), which shows StoreKit's interface in an app's window, which Linux does not "
                        + "have: guard it with `#if canImport(UIKit)` (or move it into the view code)"))
        }
        for item in facts.imports where !item.isGuarded && item.module != "SwiftUI" {
            if let blocker = importBlocker(item, in: facts.path) { blockers.append(blocker) }
        }
        blockers += LinuxFoundationGaps.findings(in: facts)
        // SwiftUI only for ObservableObject and @Published compiles (Kiosk's SwiftUI); a view does not.
        if facts.imports.contains(where: { !$0.isGuarded && $0.module == "SwiftUI" }) {
            do {
                if let reason = try ModulePool.viewCodeReason(facts) { blockers.append(reason.finding) }
            } catch {
                blockers.append(
                    SourceFinding(file: facts.path, line: 1, kind: .blocker, message: error.message))
            }
        }
        for testClass in facts.defaultIsolatedTestClasses {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: testClass.line, kind: .blocker,
                    message:
                        "\(testClass.name) is main-actor isolated only by the test target's default isolation "
                        + "(SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor), which Linux's XCTest cannot compile (the "
                        + "inherited init(name:testClosure:) would change isolation); write `@MainActor` on the "
                        + "class: Xcode runs it the same, and kiosk xctest then builds the tests without the default"
                ))
        }
        for override in facts.mainActorSetUpOverrides {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: override.line, kind: .blocker,
                    message:
                        "overrides \(override.method)() in a @MainActor test class: Xcode's XCTest isolates it to "
                        + "the main actor, Linux's does not, so it cannot touch the class's state there; write "
                        + "`override func \(override.method.hasPrefix("setUp") ? "setUp" : "tearDown")() async throws` "
                        + "instead (both XCTests run it on the main actor for a @MainActor class)"))
        }
        if facts.identifiers.contains("XCTExpectFailure") {
            notes.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine["XCTExpectFailure"] ?? 1, kind: .bridged,
                    message:
                        "XCTExpectFailure is not in Linux's XCTest; Kiosk's bridge gives it Xcode's meaning "
                        + "(the failure is reported as expected)"))
        }
    }
}
