import Foundation
import Testing
import kiosk

/// `kiosk lint --review`: exit 1 with findings, 64 for a file it cannot review or `--locale`
/// without `--review` (the findings and their causes: `CatalogReviewTests`).
@Suite struct LintReviewCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func aCatalogWithoutPoliciesFailsTheReview() async throws {
        let path = Self.root.appendingPathComponent("catalogs/minimal.storekit").path
        #expect(await Kiosk.run(["lint", "--review", "--locale", "ja", path]) == 1)
        #expect(await Kiosk.run(["lint", "--locale", "ja", path]) == 64)
    }

    @Test func onlyCatalogsAreReviewed() async {
        let copy = Self.root.appendingPathComponent("catalogs/demo.paywall.json").path
        #expect(await Kiosk.run(["lint", "--review", copy]) == 64)
    }
}
