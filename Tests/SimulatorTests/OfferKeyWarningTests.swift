import Catalog
import Foundation
import Testing

@testable import Simulator

/// The store's warning about a catalog offer key it cannot use says the problem in words, the
/// same words as `kiosk lint` (`SubscriptionOfferKey`), never OpenSSL's error stack (issue 38).
@Suite struct OfferKeyWarningTests {
    @Test func anUnusableOfferKeyIsReportedWithoutOpenSSLsWords() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let demo = try String(
            contentsOf: root.appendingPathComponent("catalogs/demo.storekit"), encoding: .utf8)
        let text =
            #"{"subscriptionOffersKeyPair": {"id": "5509FCF1", "privateKey": "REDACTED"},"#
            + demo.drop { $0 != "{" }.dropFirst()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-redacted-\(UUID()).storekit")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let catalog = try LoadedCatalog.load(contentsOf: file.path)
        let reports = ReportedFailureTests.Reports()
        _ = SimulatedStore.$problemReporter.withValue(reports.record) {
            PromotionalOfferChecker(catalog: catalog)
        }
        #expect(
            reports.all == [
                "the catalog's subscription offer key 5509FCF1 is not a usable private key (its 6 bytes are not a "
                    + "PKCS#8 EC private key): every promotional offer signature will be refused; put the base64 "
                    + "body of a P-256 PKCS#8 key (a .p8 in-app purchase key, or the one Xcode's Editor menu makes) in "
                    + "subscriptionOffersKeyPair.privateKey"
            ], "\(reports.all)")
    }
}
