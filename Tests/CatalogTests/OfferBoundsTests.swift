import Catalog
import SourceDiagnostics
import Testing

/// An offer runs a bounded number of periods, so its end is a date the store can sign
/// (issue 11, item 2: every duration the store accepts is bounded, catalogs included).
@Suite struct OfferBoundsTests {
    let offer = "subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods"

    @Test func tooManyOfferPeriodsAreAnError() {
        let text = Fixtures.base(
            replacing: "\"paymentMode\" : \"free\",",
            with: "\"numberOfPeriods\" : 999999999, \"paymentMode\" : \"free\",")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: offer, value: "999999999",
            at: Fixtures.position(of: "999999999", in: text), messageContains: "must be at most 120")
        let fine = Fixtures.base(
            replacing: "\"paymentMode\" : \"free\",",
            with: "\"numberOfPeriods\" : 120, \"paymentMode\" : \"free\",")
        #expect(Fixtures.diagnose(fine).filter { $0.path == offer }.isEmpty)
    }
}
