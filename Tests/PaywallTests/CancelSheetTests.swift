import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

/// The cancel sheet in the paywall and the Transaction Manager (docs/retention.md): `o` and `W`
/// ask the store, the sheet shows the message as the App Store lays it out, and its keys keep,
/// cancel or accept through the payment sheet. The endpoint's side is RetentionSheetTests.
@Suite struct CancelSheetTests {
    static let monthly = "com.kiosk.lumen.pro.monthly"
    static let annual = "com.kiosk.lumen.pro.annual"

    /// A driver subscribed to Pro Monthly, whose transaction ID it returns too.
    func subscribed() async throws -> (Driver, UInt64) {
        let store = try Fixtures.store()
        guard case .success(let bought) = try await store.purchase(Self.monthly) else {
            throw StoreError.backend("not bought")
        }
        let driver = try await Driver(store: store, content: try Fixtures.content())
        return (driver, bought.unsafePayloadValue.id)
    }

    static func sheet(_ offer: RetentionSheet.Offer, image: Bool = false) -> RetentionSheet {
        RetentionSheet(
            productID: monthly, locale: "en-US",
            content: RetentionSheet.Content(
                messageID: "6f1c4a52-0d1e-4a43-9a7e-1d2f3b4c5d6e", header: "Before you go",
                body: "Your streak is 42 days.",
                image: image
                    ? RetentionSheet.Picture(
                        imageID: "2b7e", altText: "A trophy on a shelf", width: 3840, height: 1080)
                    : nil,
                bulletPoints: [RetentionSheet.Bullet(text: "Keep your projects", altText: "a folder")]),
            offer: offer, source: .endpoint,
            exchange: RetentionSheet.Exchange(
                url: "http://127.0.0.1:1/", requestIdentifier: "r1", result: .success, httpStatus: 200,
                milliseconds: 12, answer: "{}"))
    }

    @Test func oOpensTheStoresSheetAndWithNothingConfiguredItIsTheAppStoresConfirmation() async throws {
        var (driver, id) = try await subscribed()
        await driver.press(.character("o"))
        guard case .cancelSheet(let sheet, let transactionID, let fromManager) = driver.state.overlay else {
            Issue.record("no cancel sheet: \(String(describing: driver.state.overlay))")
            return
        }
        #expect(transactionID == id && !fromManager && sheet.content == nil)
        #expect(driver.paywall.screenText.contains("Are you sure you want to cancel this subscription?"))
        #expect(driver.paywall.screenText.contains("No retention message: no real-time URL is configured"))
        // Cancel: auto-renew off, and the sheet closes.
        await driver.press(.character("c"))
        #expect(driver.state.overlay == nil)
        let status = try #require(try await driver.store.subscriptionStatuses(for: "4A1D2E90").first)
        #expect(status.renewalInfo.unsafePayloadValue.willAutoRenew == false)
    }

    @Test func theDefaultMessageIsShownWhenNoURLIsConfigured() async throws {
        var (driver, _) = try await subscribed()
        try await driver.store.setRetentionAutoApprove(true)
        let id = UUID()
        try await driver.store.uploadRetentionMessage(
            id: id, content: RetentionMessage.Content(header: "We'd miss you", body: "Your library is kept."))
        try await driver.store.configureRetentionDefault(
            productID: Self.monthly, locale: "en-US", messageID: id)
        await driver.press(.character("o"))
        let screen = driver.paywall.screenText
        #expect(screen.contains("We'd miss you") && screen.contains("Your library is kept."))
        #expect(screen.contains("Default message: no real-time URL is configured"))
    }

    @Test func aMessageWithAnImageIsDrawnWithItsFrameAltTextAndButtons() async throws {
        var (driver, id) = try await subscribed()
        await driver.send(
            .cancelSheetReady(Self.sheet(.none, image: true), transactionID: id, fromManager: false))
        let screen = driver.paywall.screenText
        for text in [
            "Cancel Subscription", "Before you go", "Your streak is 42 days.", "A trophy on a shelf",
            "3840×1080 PNG", "• Keep your projects", "[ Keep ]", "From your endpoint in 12 ms",
        ] {
            #expect(screen.contains(text), "\(text) missing from:\n\(screen)")
        }
        #expect(screen.contains("░"))
        // A message alone has nothing to accept: enter keeps the subscription.
        await driver.press(.enter)
        #expect(driver.state.overlay == nil)
    }

    @Test func acceptingASwitchPlanOfferOpensThePaymentSheetForThatPlanAndBillingPlan() async throws {
        var (driver, id) = try await subscribed()
        var state = driver.state
        state.overlay = .cancelSheet(
            Self.sheet(.switchPlan(productID: Self.annual, billingPlanType: .billedUpFront)),
            transactionID: id,
            fromManager: false)
        let effects = PaywallProgram.update(&state, .key(.enter))
        #expect(
            effects == [.prepareSheet(productID: Self.annual, options: [.billingPlanType(.billedUpFront)])])
        #expect(state.overlay == nil)
        await driver.send(
            .cancelSheetReady(
                Self.sheet(.switchPlan(productID: Self.annual, billingPlanType: nil)), transactionID: id,
                fromManager: false))
        #expect(driver.paywall.screenText.contains("Switch to Lumen Pro (Annual)"))
        #expect(driver.paywall.screenText.contains("[ Switch Plan ]"))
    }

    @Test func acceptingAPromotionalOfferBuysTheCurrentPlanWithTheSignedOffer() async throws {
        let (driver, id) = try await subscribed()
        var state = driver.state
        let signature = PromotionalOfferSignature.jws("a.b.c")
        state.overlay = .cancelSheet(
            Self.sheet(
                .promotionalOffer(
                    productID: Self.monthly, offerID: "com.kiosk.lumen.pro.comeback50", signature: signature)),
            transactionID: id, fromManager: false)
        let effects = PaywallProgram.update(&state, .key(.character("y")))
        #expect(
            effects == [
                .prepareSheet(
                    productID: Self.monthly,
                    options: [.promotionalOffer(id: "com.kiosk.lumen.pro.comeback50", signature: signature)])
            ])
    }

    @Test func fromTheManagerWOpensTheSelectedSubscriptionsSheetAndKeepGoesBack() async throws {
        var (driver, id) = try await subscribed()
        await driver.press(.character("m"), .character("W"))
        guard case .cancelSheet(_, let transactionID, true) = driver.state.overlay else {
            Issue.record("no cancel sheet from the manager: \(String(describing: driver.state.overlay))")
            return
        }
        #expect(transactionID == id)
        await driver.press(.character("?"))
        #expect(driver.paywall.screenText.contains("cancel the subscription (auto-renew off)"))
        await driver.press(.character("x"))
        await driver.press(.character("k"))
        #expect(driver.state.overlay == .transactionManager)
    }

    @Test func withoutASubscriptionOSaysSo() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        await driver.press(.character("o"))
        #expect(driver.state.overlay == nil)
        #expect(driver.state.notices.last?.text.isEmpty == false)
    }

    @Test func theManagersReviewKeysApproveAndRejectTheOldestPendingUpload() async throws {
        var (driver, _) = try await subscribed()
        let first = UUID()
        let second = UUID()
        try await driver.store.uploadRetentionMessage(
            id: first, content: RetentionMessage.Content(header: "First", body: "One."))
        try await driver.store.uploadRetentionMessage(
            id: second, content: RetentionMessage.Content(header: "Second", body: "Two."))
        await driver.press(.character("m"), .character("V"), .character("J"))
        let messages = try await driver.store.retentionMessages()
        #expect(messages.first { $0.id == first }?.state == .approved)
        let rejected = messages.first { $0.id == second }
        #expect(
            rejected?.state == .rejected && rejected?.rejectionReason == "rejected in the Transaction Manager"
        )
        #expect(driver.state.notices.last?.text.hasPrefix("Rejected retention message") == true)
    }
}
