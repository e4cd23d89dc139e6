import Foundation
import Paywall
import StoreCore
import TerminalUI
import Testing

/// The Transaction Manager reaches the refund lifecycle and the new settings (issue 12).
@Suite struct ManagerRefundTests {
    func driver() async throws -> Driver {
        let store = try Fixtures.store()
        return try await Driver(store: store, content: try Fixtures.content())
    }

    func request(_ driver: Driver) -> RefundRequest? { driver.state.store.records.first?.refundRequest }

    @Test func refundRequestIsOpenedDeclinedGrantedAndReversed() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter, .enter, .character("m"))
        await driver.press(.character("u"), .character("r"))
        #expect(request(driver)?.status == .open)
        #expect(request(driver)?.reason == .legal, "u moved the reason on from the default")
        await driver.press(.character("v"))
        #expect(request(driver)?.status == .declined)
        await driver.press(.character("r"), .character("H"))
        #expect(request(driver)?.status == .granted)
        let refunded = try #require(driver.state.store.records.first).transaction.unsafePayloadValue
        #expect(refunded.revocationPercentage == 50_000 && refunded.revocationType == .refundProrated)
        await driver.press(.character("z"))
        #expect(request(driver)?.status == .reversed)
        #expect(driver.state.store.entitledProductIDs.contains("com.kiosk.lumen.lifetime"))
        let text = PaywallProgram.render(
            driver.state, theme: try Fixtures.theme(), size: Size(columns: 100, rows: 30)
        )
        .buffer.plainText
        #expect(text.contains("reversed · LEGAL"))
    }

    @Test func partialRefundAndSettingsKeys() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter, .enter, .character("m"), .character("h"))
        let refunded = try #require(driver.state.store.records.first).transaction.unsafePayloadValue
        #expect(refunded.revocationPercentage == 50_000)
        await driver.press(.character("P"))
        #expect(driver.state.store.settings.billingGracePeriodDays == 28)
        await driver.press(.character("c"))
        #expect(driver.state.store.settings.includeFinishedConsumables)
    }
}
