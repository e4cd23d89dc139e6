import Catalog
import Foundation
import SourceDiagnostics
import Testing

/// Each problem Xcode would reject is an error naming the file, line, column, path and value.
@Suite("Catalog errors")
struct CatalogErrorDiagnosticTests {
    let subscription = "subscriptionGroups[0].subscriptions[0]"

    @Test func invalidPaymentMode() {
        let text = Fixtures.base(replacing: "\"free\"", with: "\"freeTrial\"")
        let diagnostic = expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".introductoryOffer.paymentMode",
            value: "freeTrial",
            at: Fixtures.position(of: "\"freeTrial\"", in: text),
            messageContains: "use one of: free, payAsYouGo, payUpFront")
        #expect(diagnostic?.location.file == "test.storekit")
    }

    @Test func invalidProductType() {
        let text = Fixtures.base(replacing: "\"RecurringSubscription\"", with: "\"Subscription\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".type", value: "Subscription",
            at: Fixtures.position(of: "\"Subscription\"", in: text),
            messageContains:
                "use one of: Consumable, NonConsumable, NonRenewingSubscription, RecurringSubscription")
    }

    @Test func productTypeInTheWrongList() {
        let text = Fixtures.base(replacing: "\"Consumable\"", with: "\"RecurringSubscription\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "products[0].type", value: "RecurringSubscription",
            at: Fixtures.position(of: "\"RecurringSubscription\"", in: text),
            messageContains: "move it to subscriptionGroups[].subscriptions")
    }

    @Test func duplicateProductIDAcrossLists() {
        let text = Fixtures.base(replacing: "\"pro.monthly\"", with: "\"coin\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".productID", value: "coin",
            at: Fixtures.position(of: "\"coin\"", in: text, occurrence: 2), messageContains: "first at line 7"
        )
    }

    @Test func subscriptionGroupIDMismatch() {
        let text = Fixtures.base(
            replacing: "\"subscriptionGroupID\" : \"G1\"", with: "\"subscriptionGroupID\" : \"G2\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".subscriptionGroupID", value: "G2",
            at: Fixtures.position(of: "\"G2\"", in: text), messageContains: "set it to \"G1\"")
    }

    @Test func duplicateGroupID() {
        let group = "{ \"id\" : \"G1\", \"name\" : \"Again\", \"subscriptions\" : [ ] }"
        let text = Fixtures.base(replacing: "\"version\"", with: "\"x\" : 1, \"version\"")
            .replacingOccurrences(of: "      ]\n    }\n  ],", with: "      ]\n    },\n    \(group)\n  ],")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "subscriptionGroups[1].id", value: "G1",
            at: Fixtures.position(of: "\"G1\"", in: text, occurrence: 3),
            messageContains: "duplicate subscription group ID")
    }

    @Test(arguments: ["P1Q", "1M", "P0M", "PM"])
    func malformedPeriod(_ period: String) {
        let text = Fixtures.base(replacing: "\"P1M\"", with: "\"\(period)\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".recurringSubscriptionPeriod",
            value: period,
            at: Fixtures.position(of: "\"\(period)\"", in: text),
            messageContains: "such as P3D, P1W, P1M or P1Y")
    }

    @Test(arguments: ["9,99", "abc", "$9.99", "-1", "1.", ""])
    func malformedPrice(_ price: String) {
        let text = Fixtures.base(replacing: "\"9.99\"", with: "\"\(price)\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".displayPrice", value: price,
            at: Fixtures.position(of: "\"\(price)\"", in: text),
            messageContains: "such as \"9.99\"")
    }

    @Test func priceWrittenAsANumber() {
        let text = Fixtures.base(replacing: "\"9.99\"", with: "9.99")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".displayPrice", value: "9.99",
            at: Fixtures.position(of: "9.99", in: text), messageContains: "prices are strings")
    }

    @Test func scalarVersion() {
        let text = Fixtures.base(replacing: "{ \"major\" : 4, \"minor\" : 0 }", with: "3")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "version", value: "3",
            at: Fixtures.position(of: "3\n}", in: text), messageContains: "{\"major\": 4, \"minor\": 0}")
    }

    @Test func missingProductID() {
        let text = Fixtures.base(replacing: "\"productID\" : \"coin\",", with: "")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "products[0].productID", value: nil,
            at: Fixtures.position(of: "{", in: text, occurrence: 2), messageContains: "missing required key")
    }

    @Test func wrongJSONType() {
        let text = Fixtures.base(
            replacing: "\"familyShareable\" : false", with: "\"familyShareable\" : \"no\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "products[0].familyShareable", value: "no",
            at: Fixtures.position(of: "\"no\"", in: text),
            messageContains: "expected a boolean, found a string")
    }

    @Test func paidOfferWithoutPrice() {
        let text = Fixtures.base(
            replacing: "\"paymentMode\" : \"free\"", with: "\"paymentMode\" : \"payUpFront\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".introductoryOffer.displayPrice",
            value: nil,
            at: Fixtures.position(of: "{ \"paymentMode\"", in: text), messageContains: "needs a price")
    }

    @Test func duplicatePromotionalOfferID() {
        let offer = "{ \"offerID\" : \"back\", \"paymentMode\" : \"free\", \"subscriptionPeriod\" : \"P1M\" }"
        let text = Fixtures.base(
            replacing: "\"adHocOffers\" : [ ]", with: "\"adHocOffers\" : [ \(offer), \(offer) ]")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: subscription + ".adHocOffers[1].offerID", value: "back",
            at: Fixtures.position(of: "\"back\"", in: text, occurrence: 2),
            messageContains: "duplicate promotional offer ID")
    }

    @Test func simulatedErrorProblems() {
        let errors = """
            [ { "enabled" : true, "name" : "Purchase", "current" : { "index" : 8, "type" : "purchase" } },
              { "enabled" : false, "name" : "Checkout" },
              { "enabled" : true, "name" : "Verification", "current" : { "index" : 0, "type" : "generic" } } ]
            """
        let text = Fixtures.base(
            replacing: "\"_storefront\" : \"USA\"", with: "\"_storeKitErrors\" : \(errors)")
        let diagnostics = Fixtures.diagnose(text)
        expectDiagnostic(
            diagnostics, .error, path: "settings._storeKitErrors[0].current.index", value: "8",
            at: Fixtures.position(of: "8", in: text), messageContains: "numbered 0 to 7")
        expectDiagnostic(
            diagnostics, .error, path: "settings._storeKitErrors[1].name", value: "Checkout",
            at: Fixtures.position(of: "\"Checkout\"", in: text), messageContains: "use one of: Load Products")
        expectDiagnostic(
            diagnostics, .error, path: "settings._storeKitErrors[2].current", value: nil,
            at: Fixtures.position(of: "{ \"index\" : 0", in: text), messageContains: "use type verification")
    }

    @Test func reportsEveryProblemAtOnce() {
        let text = Fixtures.base(replacing: "\"free\"", with: "\"freeTrial\"")
            .replacingOccurrences(of: "\"P1M\"", with: "\"P1Q\"")
            .replacingOccurrences(of: "\"0.99\"", with: "\"0,99\"")
        let errors = Fixtures.diagnose(text).errors
        #expect(errors.map(\.value) == ["0,99", "freeTrial", "P1Q"])
        #expect(Fixtures.decode(text) != nil, "a partial model is still returned")
    }
}
