import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

/// An Ask to Buy request is state read from the store, not a banner: it outlives the six
/// banners the paywall keeps and an account switch, and only the parent's answer ends it.
@Suite struct AskToBuyStateTests {
    static let lifetime = "com.kiosk.lumen.lifetime"

    /// A paywall whose customer asked to buy the lifetime unlock, then cancelled seven other
    /// purchases (seven banners, one more than the paywall keeps), then signed in as
    /// `family` and back.
    func waitingAfterManyBannersAndAnAccountSwitch() async throws -> Driver {
        let store = try Fixtures.store()
        _ = try await store.perform(.addAccount(StoreAccount(name: "family")))
        var driver = try await Driver(store: store, content: try Fixtures.content())
        try await driver.store.apply(.askToBuy(true))
        await driver.press(.tab, .enter, .enter)
        #expect(driver.state.pendingProductIDs == [Self.lifetime])
        for _ in 0..<7 { await driver.press(.enter, .escape) }
        #expect(driver.state.notices.count == 6)
        #expect(driver.state.notices.allSatisfy { $0.text == "Purchase cancelled" })
        #expect(driver.state.pendingProductIDs == [Self.lifetime])
        #expect(driver.paywall.screenText.contains("Waiting for approval: Lumen Lifetime"))

        try await switchAccount(&driver, to: "family")
        #expect(driver.state.store.account == "family")
        // The other account waits for nothing.
        #expect(driver.state.pendingProductIDs.isEmpty)
        #expect(!driver.paywall.screenText.contains("Waiting for approval"))
        let original = try #require(driver.state.store.accounts.first { $0.name != "family" }?.name)
        try await switchAccount(&driver, to: original)
        #expect(driver.state.store.account == original)
        #expect(driver.state.pendingProductIDs == [Self.lifetime])
        #expect(driver.paywall.screenText.contains("Waiting for approval: Lumen Lifetime"))
        return driver
    }

    /// Picks `name` in the account menu, as a customer does.
    func switchAccount(_ driver: inout Driver, to name: AccountName) async throws {
        let index = try #require(driver.state.store.accounts.firstIndex { $0.name == name })
        let current = driver.state.store.accounts.firstIndex { $0.name == driver.state.store.account } ?? 0
        await driver.press(.character("a"))
        let moves = index - current
        for _ in 0..<abs(moves) { await driver.press(moves > 0 ? .down : .up) }
        await driver.press(.enter)
    }

    func pendingID(_ driver: Driver) throws -> UInt64 {
        try #require(driver.state.awaitingApproval.first?.id)
    }

    @Test func anApprovalFromElsewhereEndsTheWaitWithOneBanner() async throws {
        var driver = try await waitingAfterManyBannersAndAnAccountSwitch()
        // A parent approves from another process; the paywall hears of it on its next read.
        try await driver.store.approveAskToBuy(try pendingID(driver))
        await driver.paywall.refresh()
        #expect(driver.state.pendingProductIDs.isEmpty)
        #expect(driver.state.notices.last?.text == "Ask to Buy approved: Lumen Lifetime is unlocked")
        var screen = driver.paywall.screenText
        #expect(!screen.contains("Waiting for approval"), "\(screen)")
        #expect(screen.contains("✓ Owned"), "\(screen)")
        // The approval's transaction on `updates`, after the read: no second banner.
        let approved = try #require(try await driver.store.latest(for: Self.lifetime))
        let before = driver.state.notices.count
        await driver.send(.update(approved))
        #expect(driver.state.notices.count == before)
        screen = driver.paywall.screenText
        #expect(!screen.contains("Waiting for approval"), "\(screen)")
    }

    @Test func aDeclineEndsTheWaitWithOneBanner() async throws {
        var driver = try await waitingAfterManyBannersAndAnAccountSwitch()
        let id = try pendingID(driver)
        try await driver.store.declineAskToBuy(id)
        await driver.send(.storeEvent(.askToBuyDeclined(transactionID: id, productID: Self.lifetime)))
        #expect(driver.state.pendingProductIDs.isEmpty)
        #expect(driver.state.notices.filter { $0.text == "Ask to Buy declined: Lumen Lifetime" }.count == 1)
        #expect(!driver.paywall.screenText.contains("Waiting for approval"))
        await driver.paywall.refresh()
        #expect(driver.state.notices.filter { $0.text == "Ask to Buy declined: Lumen Lifetime" }.count == 1)
    }

    @Test func dismissingBannersLeavesTheWaitingOne() async throws {
        var driver = try await waitingAfterManyBannersAndAnAccountSwitch()
        await driver.press(.character("x"), .character("x"), .character("x"))
        #expect(driver.state.pendingProductIDs == [Self.lifetime])
        #expect(driver.paywall.screenText.contains("Waiting for approval: Lumen Lifetime"))
    }

    @Test func anAnswerGivenWhileAnotherAccountIsShownIsNotTheirs() async throws {
        var driver = try await waitingAfterManyBannersAndAnAccountSwitch()
        let id = try pendingID(driver)
        let original = driver.state.store.account
        try await switchAccount(&driver, to: "family")
        // Approved on the first account (the parent's device) while `family` is signed in here.
        _ = try await driver.store.acting(for: original).perform(.approveAskToBuy(transactionID: id))
        await driver.paywall.refresh()
        #expect(!driver.state.notices.contains { $0.text.hasPrefix("Ask to Buy") })
        try await switchAccount(&driver, to: original)
        #expect(driver.state.pendingProductIDs.isEmpty)
        #expect(driver.state.store.entitledProductIDs.contains(Self.lifetime))
    }
}
