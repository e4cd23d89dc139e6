import Foundation
import Paywall
import Simulator
import SnapshotSupport
import StoreCore
import TerminalUI
import Testing

/// Whole flows: keys into `update`, effects against a real simulated store, answers back.
@Suite struct FlowTests {
    func driver() async throws -> Driver {
        let store = try Fixtures.store()
        return try await Driver(store: store, content: try Fixtures.content())
    }

    func screen(_ driver: Driver, _ size: Size = Size(columns: 100, rows: 30)) throws -> String {
        PaywallProgram.render(driver.state, theme: try Fixtures.theme(), size: size).buffer.plainText
    }

    @Test func subscribingWithIntroOfferShowsTheSheetThenTheCurrentPlan() async throws {
        var driver = try await driver()
        // It opens on the plan with a free trial that saves the most, not on the first plan.
        #expect(driver.state.selectedPlan?.id == "com.kiosk.lumen.pro.annual")
        await driver.press(.up)
        #expect(driver.state.selectedPlan?.id == "com.kiosk.lumen.pro.monthly")
        await driver.press(.enter)
        guard case .sheet(let sheet, _) = driver.state.overlay else {
            Issue.record("no payment sheet")
            return
        }
        #expect(sheet.offer?.paymentMode == .freeTrial)
        assertSnapshot(try screen(driver), named: "flow-sheet")
        await driver.press(.enter)
        #expect(driver.state.store.activePlanID == "com.kiosk.lumen.pro.monthly")
        let text = try screen(driver)
        #expect(text.contains("Purchased Lumen Pro (Monthly)"))
        // A week's free trial: the line says so, and what it turns into.
        #expect(text.contains("Free trial: Lumen Pro (Monthly)"))
        #expect(text.contains("then $9.99/month"))
        #expect(text.contains("Upgrade") && text.contains("Downgrade") && text.contains("Crossgrade"))
        assertSnapshot(text, named: "flow-subscribed")
        // Auto-renew off and on again.
        await driver.press(.character("u"))
        #expect(try screen(driver).contains("auto-renew off"))
        await driver.press(.character("u"))
        #expect(try screen(driver).contains("auto-renew on"))
    }

    /// Webhook deliveries are announced by no update stream: the notifications view re-reads
    /// them when it opens and on every tick while it is open, and only then.
    @Test func theNotificationsViewFollowsDeliveries() async throws {
        var driver = try await driver()
        await driver.press(.character("m"))
        var state = driver.state
        #expect(PaywallProgram.update(&state, .key(.character("N"))) == [.reload])
        #expect(PaywallProgram.update(&state, .tick) == [.readClock, .reload])
        #expect(PaywallProgram.update(&state, .key(.character("N"))).isEmpty)
        #expect(PaywallProgram.update(&state, .tick) == [.readClock])
    }

    /// `?` in the Transaction Manager lists every one of its keys, which the hint line cannot.
    @Test func theManagerListsAllItsKeys() async throws {
        var driver = try await driver()
        await driver.press(.down, .down, .enter, .enter)
        await driver.press(.character("m"))
        let hint = try screen(driver)
        #expect(hint.contains("? all keys"))
        assertSnapshot(hint, named: "flow-manager")
        #expect(!hint.contains("next storefront"))
        await driver.press(.character("?"))
        let keys = try screen(driver)
        assertSnapshot(keys, named: "flow-manager-keys")
        for binding in KeyMaps.manager.bindings {
            #expect(keys.contains(binding.description), "\(binding.description)")
        }
        await driver.press(.character("?"))
        #expect(!(try screen(driver)).contains("next storefront"))
    }

    @Test func cancellingTheSheetBuysNothing() async throws {
        var driver = try await driver()
        await driver.press(.enter, .escape)
        #expect(driver.state.store.entitlements.isEmpty)
        #expect(driver.state.notices.last?.text == "Purchase cancelled")
    }

    @Test func disabledDialogsSkipTheSheet() async throws {
        var driver = try await driver()
        try await driver.store.apply(.disableDialogs(true))
        await driver.press(.tab, .enter)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.store.entitledProductIDs.contains("com.kiosk.lumen.lifetime"))
    }

    @Test func askToBuyPendingThenApproved() async throws {
        var driver = try await driver()
        try await driver.store.apply(.askToBuy(true))
        await driver.press(.tab, .enter, .enter)
        #expect(driver.state.pendingProductIDs == ["com.kiosk.lumen.lifetime"])
        #expect(try screen(driver).contains("Waiting for approval: Lumen Lifetime"))
        // Dismissing banners leaves the pending one in place.
        await driver.press(.character("x"), .character("x"))
        #expect(driver.state.pendingProductIDs == ["com.kiosk.lumen.lifetime"])
        await driver.press(.character("m"))
        #expect(driver.state.selectedRecord?.state == .pendingApproval)
        await driver.press(.character("a"), .escape)
        // The approval reaches the app on `updates`.
        let approved = try #require(try await driver.store.latest(for: "com.kiosk.lumen.lifetime"))
        await driver.send(.update(approved))
        #expect(driver.state.pendingProductIDs.isEmpty)
        let text = try screen(driver)
        #expect(text.contains("Ask to Buy approved: Lumen Lifetime is unlocked"))
        #expect(text.contains("✓ Owned"))
        #expect(text.contains("✓ Lumen Lifetime"))
    }

    @Test func askToBuyDeclined() async throws {
        var driver = try await driver()
        try await driver.store.apply(.askToBuy(true))
        await driver.press(.tab, .enter, .enter, .character("m"), .character("d"), .escape)
        let id = try #require(driver.state.store.records.first?.id)
        await driver.send(
            .storeEvent(.askToBuyDeclined(transactionID: id, productID: "com.kiosk.lumen.lifetime")))
        #expect(driver.state.pendingProductIDs.isEmpty)
        #expect(try screen(driver).contains("Ask to Buy declined: Lumen Lifetime"))
    }

    @Test func refundRevokesTheEntitlement() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter, .enter)
        #expect(driver.state.store.entitledProductIDs.contains("com.kiosk.lumen.lifetime"))
        await driver.press(.character("m"), .character("f"), .escape)
        let refunded = try #require(try await driver.store.latest(for: "com.kiosk.lumen.lifetime"))
        await driver.send(.update(refunded))
        #expect(!driver.state.store.entitledProductIDs.contains("com.kiosk.lumen.lifetime"))
        #expect(try screen(driver).contains("Refunded: Lumen Lifetime was revoked"))
    }

    @Test func restoreCountsPurchases() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter, .enter, .character("r"))
        #expect(try screen(driver).contains("Restored 1 purchase"))
    }

    @Test func redeemingACode() async throws {
        var driver = try await driver()
        await driver.press(.character("c"))
        for character in "lumenpress" { await driver.press(.character(character)) }
        await driver.press(.enter)
        #expect(try screen(driver).contains("Redeemed lumenpress"))
        await driver.press(.character("c"))
        for character in "NOPE" { await driver.press(.character(character)) }
        await driver.press(.enter)
        #expect(try screen(driver).contains("Redeeming NOPE failed"))
    }

    @Test func simulatedErrorsAreNamed() async throws {
        var driver = try await driver()
        try await driver.store.setSimulatedError(.generic(.networkError), for: .purchase)
        await driver.press(.enter, .enter)
        #expect(try screen(driver).contains("StoreKitError.networkError"))
    }

    @Test func clicksSelectAndBuy() async throws {
        var driver = try await driver()
        let frame = PaywallProgram.render(
            driver.state, theme: try Fixtures.theme(), size: Size(columns: 100, rows: 30))
        let target = try #require(frame.targets.first { $0.target == .plan(3) })
        await driver.send(.activate(try #require(frame.target(at: target.rect.origin))))
        #expect(driver.state.planIndex == 3)
        await driver.send(.activate(.plan(3)))
        guard case .sheet = driver.state.overlay else {
            Issue.record("a second click on a plan button opens the sheet")
            return
        }
    }

    @Test func storefrontChangeRerendersPrices() async throws {
        var driver = try await driver()
        await driver.press(.character("m"), .character("S"), .escape)
        #expect(driver.state.store.settings.storefront == "DEU")
        #expect(try screen(driver).contains("€"))
    }

    @Test func helpIsGeneratedFromTheKeyMap() async throws {
        var driver = try await driver()
        await driver.press(.character("?"))
        let text = try screen(driver, Size(columns: 100, rows: 40))
        for binding in KeyMaps.paywall.bindings { #expect(text.contains(binding.description)) }
    }
}
