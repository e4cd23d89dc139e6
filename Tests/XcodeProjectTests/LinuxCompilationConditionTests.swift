import Testing

@testable import XcodeProject

/// The scan reads the `#if` branches Linux's compiler compiles, so a platform switch with an
/// `#else` is seen for what it compiles here, not counted as guarded on both sides.
@Suite struct LinuxCompilationConditionTests {
    @Test(arguments: [
        ("os(Linux)", LinuxCompilationCondition.compiled),
        ("os(macOS)", .skipped),
        ("!os(Linux)", .skipped),
        ("os(iOS) || os(macOS)", .skipped),
        ("os(iOS) || os(Linux)", .compiled),
        ("!(os(iOS) || os(watchOS))", .compiled),
        ("canImport(UIKit)", .skipped),
        ("canImport(Darwin)", .skipped),
        ("canImport(Glibc)", .compiled),
        ("canImport(StoreKit)", .compiled),
        ("canImport(FoundationNetworking)", .compiled),
        ("canImport(SwiftUI)", .unknownPlatform),
        ("canImport(SomeVendorKit)", .unknownPlatform),
        ("canImport(UIKit, _version: 10.1)", .skipped),
        ("targetEnvironment(simulator)", .skipped),
        ("swift(>=5.9)", .compiled),
        ("compiler(<6.0)", .skipped),
        ("DEBUG", .compiled),
        ("BETA", .unknownFlag),
        ("BETA && os(iOS)", .skipped),
        ("BETA || os(Linux)", .compiled),
        ("DEBUG && !targetEnvironment(simulator)", .compiled),
    ])
    func conditionsAreReadForLinux(condition: String, expected: LinuxCompilationCondition) {
        #expect(LinuxCompilationCondition.evaluate(condition) == expected)
    }

    @Test func theElseOfAPlatformSwitchIsWhatLinuxCompiles() {
        let facts = SwiftSourceFacts.parse(
            """
            #if os(macOS)
            import AppKit
            #elseif os(watchOS)
            import WatchKit
            #else
            import UIKit
            #endif
            #if canImport(UIKit)
            import UIKit
            #else
            import Foundation
            #endif
            #if BETA
            import Beta
            #else
            import Release
            #endif
            """, path: "Platform.swift")
        #expect(
            facts.imports.map(\.module) == [
                "AppKit", "WatchKit", "UIKit", "UIKit", "Foundation", "Beta", "Release",
            ])
        #expect(facts.imports.map(\.isGuarded) == [true, true, false, true, false, false, false])
        #expect(facts.imports[2].line == 6)
    }

    @Test func codeInASkippedBranchIsNotAUse() {
        let facts = SwiftSourceFacts.parse(
            """
            #if os(iOS)
            let formatter = DateComponentsFormatter()
            #elseif os(Linux)
            let formatter = LinuxFormatter()
            #endif
            """, path: "Uses.swift")
        #expect(facts.unguardedFirstLine["DateComponentsFormatter"] == nil)
        #expect(facts.unguardedFirstLine["LinuxFormatter"] == 4)
    }
}
