import Foundation
import Paywall
import StoreCore
import TerminalUI
import Testing

/// Keys and clicks in front of the paywall: `?` everywhere, the sheet's buttons.
extension FlowTests {
    /// `?` in front of each overlay lists that overlay's keys, taken from the map that dispatches
    /// them; any key then goes back to the overlay as it was.
    @Test(arguments: [
        (Key.enter, "Payment sheet keys"), (Key.character("t"), "Terms and privacy keys"),
        (Key.character("c"), "Redeem code keys"), (Key.character("a"), "Sandbox accounts keys"),
    ])
    func questionMarkListsTheKeysOfWhatIsInFront(opener: Key, title: String) async throws {
        var driver = try await driver()
        await driver.press(opener)
        let overlay = try #require(driver.state.overlay)
        await driver.press(.character("?"))
        #expect(driver.state.overlay == .help(over: overlay))
        let page = KeyMaps.page(for: overlay)
        #expect(page.title == title)
        let text = try screen(driver, Size(columns: 100, rows: 40))
        #expect(text.contains(title))
        for row in page.rows {
            #expect(text.contains(row.label) && text.contains(row.description), "\(title): \(row.label)")
        }
        await driver.press(.character("x"))
        #expect(driver.state.overlay == overlay)
    }

    /// The paywall's own help closes on any key, back to the paywall.
    @Test func thePaywallHelpClosesOnAnyKey() async throws {
        var driver = try await driver()
        await driver.press(.character("?"))
        #expect(driver.state.overlay == .help(over: nil))
        #expect(try screen(driver).contains(KeyMaps.page(for: nil).title))
        await driver.press(.character("s"))
        #expect(driver.state.overlay == nil)
        #expect(driver.state.controlStyle == .buttons)
    }

    /// In the code field `?` lists the keys instead of typing; every other key still edits the code.
    @Test func theCodeFieldKeepsItsTextAcrossHelp() async throws {
        var driver = try await driver()
        await driver.press(.character("c"), .character("A"), .character("B"), .character("?"))
        guard case .help(over: .redeem(let field)) = driver.state.overlay else {
            Issue.record(
                "? in the code field shows the keys, got \(String(describing: driver.state.overlay))")
            return
        }
        #expect(field.text == "AB")
        await driver.press(.character("z"), .character("C"))
        guard case .redeem(let edited) = driver.state.overlay else {
            Issue.record("closing the help goes back to the code field")
            return
        }
        #expect(edited.text == "ABC")
    }

    /// Clicks where the last frame drew `target`, as the main loop does with a mouse click.
    func click(_ target: HitTarget, in driver: inout Driver) async throws {
        let frame = PaywallProgram.render(driver.state, theme: try Fixtures.theme(), size: driver.state.size)
        let drawn = try #require(frame.targets.first { $0.target == target }, "\(target) is not drawn")
        await driver.send(.activate(try #require(frame.target(at: drawn.rect.origin))))
    }

    /// The price-increase banner names the keys that answer it, and `y` answers it.
    @Test func thePriceIncreaseBannerNamesItsKeys() async throws {
        var driver = try await driver()
        await driver.press(.down, .down, .enter, .enter)
        await driver.send(.message(.priceIncreaseConsent(productID: "com.kiosk.lumen.pro.monthly")))
        #expect(try screen(driver).contains("do you accept?  (y accept · n decline)"))
        await driver.press(.character("y"))
        #expect(driver.state.notices.allSatisfy { $0.priceIncreaseTransactionID == nil })
    }

    @Test func clickingConfirmOnTheSheetBuys() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter)
        try await click(.sheet(.confirm), in: &driver)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.store.entitledProductIDs.contains("com.kiosk.lumen.lifetime"))
    }

    /// A click on a paywall button beside the sheet cancels the purchase and does nothing else.
    @Test func clickingBesideTheSheetCancels() async throws {
        var driver = try await driver()
        await driver.press(.tab, .enter)
        try await click(.paywall(.restore), in: &driver)
        #expect(driver.state.overlay == nil)
        #expect(!driver.state.isRestoring)
        #expect(driver.state.notices.last?.text == "Purchase cancelled")
        #expect(driver.state.store.entitlements.isEmpty)
    }
}
