import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

/// Nothing acts unseen in the Transaction Manager (issue 27): its key list is modal like every
/// help, what a key did shows inside the manager, and the hint line names the keys that act on
/// the selected transaction.
extension FlowTests {
    /// One rule for every help: any key closes it and does nothing else. `]` over the key list
    /// would move the clock a month with nobody seeing it.
    @Test func theManagersKeyListIsModal() async throws {
        var driver = try await driver()
        await driver.press(.character("m"))
        let before = try await driver.store.now()
        await driver.press(.character("?"))
        #expect(driver.state.managerShowsKeys)
        await driver.press(.character("]"))
        #expect(!driver.state.managerShowsKeys)
        #expect(driver.state.overlay == .transactionManager)
        #expect(try await driver.store.now() < before.addingTimeInterval(86_400), "] acted under the help")
        await driver.press(.character("?"), .character("q"))
        #expect(driver.state.overlay == .transactionManager, "q closed the help, not the manager")
    }

    /// A key's banner would be hidden behind the manager's box: it shows inside the box too.
    @Test func whatAKeyDidShowsInsideTheManager() async throws {
        var driver = try await driver()
        await driver.press(.character("m"), .character("]"))
        let notice = try #require(driver.state.notices.last)
        #expect(notice.text.hasPrefix("Clock advanced"))
        #expect(try screen(driver).contains(notice.text))
        await driver.press(.character("s"))
        let saved = try #require(driver.state.notices.last)
        // A long message is cut to the box's width; its start is there.
        #expect(try screen(driver).contains(saved.text.prefix(40)), "s says what it did: \(saved.text)")
    }

    /// The hint line follows the selection: approve and decline for a pending Ask to Buy, never
    /// for a refunded purchase.
    @Test func theHintLineFollowsTheSelectedTransaction() async throws {
        var driver = try await driver()
        await driver.press(.character("m"), .character("k"), .character("m"))
        await driver.press(.tab, .enter, .enter)
        await driver.press(.character("m"))
        let pending = try screen(driver)
        #expect(pending.contains("a approve Ask to Buy") && pending.contains("d decline Ask to Buy"))
        await driver.press(.character("a"), .character("f"))
        #expect(driver.state.selectedRecord?.state == .refunded)
        let refunded = try screen(driver)
        #expect(!refunded.contains("approve Ask to Buy"))
        #expect(refunded.contains("z reverse refund") && refunded.contains("? all keys"))
    }
}
