import Foundation
import Subprocess
import Testing

@testable import XcodeProject

@Suite struct LinuxFoundationGapsTests {
    @Test func eachUseIsNamedAtItsFirstLineWithTheEdit() {
        let facts = SwiftSourceFacts.parse(
            """
            import Foundation

            struct RenewalText {
                let formatter = DateComponentsFormatter()
                func sync() {
                    NSUbiquitousKeyValueStore.default.synchronize()
                    let other = DateComponentsFormatter()
                }
            }
            """, path: "Renewal.swift")
        let findings = LinuxFoundationGaps.findings(in: facts)
        #expect(findings.map(\.line) == [4, 6])
        #expect(findings.allSatisfy { $0.kind == .blocker && $0.file == "Renewal.swift" })
        // The toolchain's own reason, and a newer API Linux has.
        #expect(findings[0].message.contains("Not supported in swift-corelibs-foundation"))
        #expect(findings[0].message.contains("Duration.formatted(.units"))
        #expect(findings[1].message.contains("#if canImport(Darwin)"))
        #expect(findings[0].description.hasPrefix("Renewal.swift:4: error: uses DateComponentsFormatter"))
    }

    @Test func aUseUnderAPlatformGuardIsNotReported() {
        let facts = SwiftSourceFacts.parse(
            """
            import Foundation
            #if canImport(Darwin)
                let store = NSUbiquitousKeyValueStore.default
            #else
                let store = UserDefaults.standard
            #endif
            #if DEBUG
            #elseif os(iOS)
                let formatter = DateComponentsFormatter()
            #endif
            """, path: "Guarded.swift")
        #expect(LinuxFoundationGaps.findings(in: facts).isEmpty)
    }

    @Test func aNameInACommentOrAStringIsNotAUse() {
        let facts = SwiftSourceFacts.parse(
            #"""
            import Foundation
            // DateComponentsFormatter is not on Linux.
            /* NSUbiquitousKeyValueStore
               NSUserActivity */
            let note = "DateComponentsFormatter, see https://example.com // NSFileCoordinator"
            let long = """
                NSMetadataQuery
                """
            let raw = #"ListFormatter \"quoted\" "#
            let url = "https://x" ; let session = URLCache.shared
            """#, path: "Quiet.swift")
        let findings = LinuxFoundationGaps.findings(in: facts)
        // A `//` inside a string does not hide the code after it.
        #expect(findings.map(\.line) == [10])
        #expect(findings.first?.message.contains("FoundationNetworking") == true)
    }

    @Test func aMovedTypeIsFineWhenItsModuleIsImportedAndAMemberOnlyAfterADot() {
        let facts = SwiftSourceFacts.parse(
            """
            import Foundation
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif
            let session = URLSession.shared
            let expressionType = 1
            let kind = expression.expressionType
            """, path: "Network.swift")
        let findings = LinuxFoundationGaps.findings(in: facts)
        #expect(findings.map(\.line) == [7])
        #expect(findings.first?.message.contains("NSExpression.expressionType") == true)
    }

    @Test func aTypeTheFileDeclaresIsItsOwn() {
        let facts = SwiftSourceFacts.parse(
            "struct ListFormatter {}\nlet f = ListFormatter()\n", path: "Own.swift")
        #expect(LinuxFoundationGaps.findings(in: facts).isEmpty)
    }

    /// The table is what this toolchain's Foundation says: a new toolchain regenerates it.
    @Test func theTableIsCurrentForThisToolchain() throws {
        let script = (Fixtures.repository as NSString).appendingPathComponent("scripts/linux-foundation-gaps")
        let output = try Subprocess.run(["python3", script, "--check"])
        #expect(
            output.status == 0,
            "\(output.standardError)(Sources/XcodeProject/Scan/LinuxFoundationGaps+Table.swift is generated: run scripts/linux-foundation-gaps)"
        )
    }
}
