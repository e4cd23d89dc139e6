import Testing

@testable import XcodeProject

@Suite struct SwiftSourceFactsTests {
    @Test func importsAreReadWithTheirGuards() {
        let facts = SwiftSourceFacts.parse(
            """
            import Foundation
            @testable import XcodeApp
            @preconcurrency import struct SwiftUI.Color
            #if canImport(UIKit)
                import UIKit
            #endif
            // import AppKit
            /* import WatchKit
            */
            """, path: "A.swift")
        #expect(facts.imports.map(\.module) == ["Foundation", "XcodeApp", "SwiftUI", "UIKit"])
        #expect(facts.imports.map(\.isGuarded) == [false, false, false, true])
        #expect(facts.imports.map(\.isTestable) == [false, true, false, false])
        #expect(facts.imports[2].line == 3)
    }

    @Test func typesAndIdentifiersAreFound() {
        let facts = SwiftSourceFacts.parse(
            """
            public final class PaywallView: View {}
            struct Row {}
            let x = XCTContext.self
            """, path: "B.swift")
        #expect(facts.declaredTypes == ["PaywallView", "Row"])
        #expect(facts.identifiers.contains("XCTContext"))
        #expect(facts.firstLine["XCTContext"] == 3)
    }

    @Test func unguardedUsesLeaveOutStringsCommentsAndPlatformBranches() {
        let facts = SwiftSourceFacts.parse(
            #"""
            let a = "Quoted \"Escaped\" https://x" + Code.member // Comment
            /* Block */ let b = Inline /* Again */ + After
            #if os(iOS)
                let c = Guarded
            #elseif canImport(Darwin)
                let d = AlsoGuarded
            #else
                let e = LinuxBranch
            #endif
            let f = """
                Multiline
                """
            """#, path: "D.swift")
        #expect(facts.unguardedFirstLine["Code"] == 1)
        #expect(facts.unguardedMemberFirstLine["member"] == 1)
        #expect(facts.unguardedMemberFirstLine["Code"] == nil)
        #expect(facts.unguardedFirstLine["Inline"] == 2 && facts.unguardedFirstLine["After"] == 2)
        for word in [
            "Quoted", "Escaped", "x", "Comment", "Block", "Again", "Guarded", "AlsoGuarded", "Multiline",
        ] {
            #expect(facts.unguardedFirstLine[word] == nil, "\(word)")
        }
        // The `#else` after `os(iOS)` and `canImport(Darwin)` is the branch Linux compiles.
        #expect(facts.unguardedFirstLine["LinuxBranch"] == 8)
        // What `identifiers` says is unchanged: string contents are still words of the file.
        #expect(facts.identifiers.contains("Quoted"))
    }

    @Test func aMainActorTestClassOverridingSyncSetUpIsFound() {
        let text = """
            @MainActor
            final class StoreTests: XCTestCase {
                override func setUpWithError() throws {}
                override func setUp() async throws {}
                override func tearDown() {}
            }
            final class Other: XCTestCase {
                override func setUpWithError() throws {}
            }
            """
        let facts = SwiftSourceFacts.parse(text, path: "C.swift")
        #expect(facts.mainActorSetUpOverrides.map(\.line) == [3, 5])
        #expect(facts.mainActorSetUpOverrides.map(\.method) == ["setUpWithError", "tearDown"])
        // With the target's default isolation MainActor, every test class is main-actor.
        let byDefault = SwiftSourceFacts.parse(text, path: "C.swift", defaultMainActor: true)
        #expect(byDefault.mainActorSetUpOverrides.map(\.line) == [3, 5, 8])
        // Only the target's default makes them main-actor: Linux's XCTest cannot compile that.
        #expect(byDefault.defaultIsolatedTestClasses.map(\.name) == ["Other"])
        #expect(facts.defaultIsolatedTestClasses.isEmpty)
    }
}
