import Foundation
import Paywall
import Testing

@testable import kiosk

/// `kiosk lint --review`: exit 1 with findings that say what is missing, 64 for a file it
/// cannot review.
@Suite struct LintReviewCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func aCatalogWithoutPoliciesFailsTheReviewNamingTheMissingLinks() async throws {
        let path = Self.root.appendingPathComponent("catalogs/minimal.storekit").path
        let findings = try await LintCommand.review(catalogAt: path, locales: ["ja", "ar"])
        #expect(Set(findings.map(\.message)) == ["Terms of Use link missing", "Privacy Policy link missing"])
        #expect(Set(findings.map(\.template)) == Set(PaywallTemplate.allCases))
        // The catalog's one plan is held by a subscriber and asked for in the pending state: not
        // for sale there, so nothing to disclose (docs/behaviour.md).
        #expect(Set(findings.map(\.state)) == ["eligible", "ineligible"])
        #expect(Set(findings.map(\.locale)) == ["ar", "ja"])
        let lines = LintCommand.grouped(findings)
        #expect(
            lines.contains {
                $0.hasPrefix("ja: Terms of Use link missing (plan Premium; template list, cards")
            })
        let json =
            try JSONSerialization.jsonObject(with: Data(LintCommand.json(findings).utf8))
            as? [[String: String]]
        #expect(json?.count == findings.count)
        #expect(json?.first?.keys.sorted() == ["locale", "message", "plan", "size", "state", "template"])
        #expect(await Kiosk.run(["lint", "--review", "--locale", "ja", path]) == 1)
        #expect(await Kiosk.run(["lint", "--locale", "ja", path]) == 64)
    }

    @Test func onlyCatalogsAreReviewed() async {
        let copy = Self.root.appendingPathComponent("catalogs/demo.paywall.json").path
        #expect(await Kiosk.run(["lint", "--review", copy]) == 64)
    }
}
