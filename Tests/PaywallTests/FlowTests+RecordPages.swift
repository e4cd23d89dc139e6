import Foundation
import Paywall
import StoreCore
import TerminalUI
import Testing

/// The Transaction Manager reads a long history a page at a time: the first page on opening,
/// the next as the selection nears the end of what is loaded.
extension FlowTests {
    @Test func theManagerLoadsOlderRecordsAsTheSelectionNearsTheEnd() async throws {
        var driver = try await driver()
        let total = StoreSnapshot.recordPage + 30
        for _ in 0..<total { _ = try await driver.store.purchase("com.kiosk.lumen.aicredits10") }
        await driver.send(.started)
        await driver.press(.character("m"))
        #expect(driver.state.store.records.count == StoreSnapshot.recordPage)
        #expect(driver.state.store.recordCount == total)
        let title = try screen(driver, Size(columns: 120, rows: 30))
        #expect(title.contains("newest \(StoreSnapshot.recordPage) of \(total)"), "\(title)")
        // Far from the end nothing more is read.
        for _ in 0..<10 { await driver.press(.down) }
        #expect(driver.state.store.records.count == StoreSnapshot.recordPage)
        // Near the end, the next page comes (all that is left), newest first and in order.
        for _ in 10..<(StoreSnapshot.recordPage - 15) { await driver.press(.down) }
        #expect(driver.state.store.records.count == total)
        #expect(!driver.state.store.hasOlderRecords)
        let ids = driver.state.store.records.map(\.id)
        #expect(ids == ids.sorted(by: >))
        #expect(!(try screen(driver, Size(columns: 120, rows: 30))).contains("loads more"))
        // The selection stayed where the tester put it.
        #expect(driver.state.managerSelection.selected == StoreSnapshot.recordPage - 15)
    }
}
