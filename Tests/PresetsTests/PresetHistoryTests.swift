import Presets
import Simulator
import StoreCore
import Testing

/// A preset replaces a store's history only when asked to (`--force`), counting every account's.
@Suite struct PresetHistoryTests {
    @Test func aStoreWithTransactionsIsReplacedOnlyWhenForced() async throws {
        let store = try PresetTests.store()
        let runner = PresetRunner(try Preset.named("new-user"))
        try await runner.apply(to: store, force: false)
        _ = try await store.purchase("com.kiosk.lumen.filmpack")
        try await store.addAccount(StoreAccount(name: "bob"))
        try await store.switchAccount(to: "bob")
        _ = try await store.purchase("com.kiosk.lumen.aicredits10")
        try await store.switchAccount(to: SimulatedStore.defaultAccount)
        #expect(try await PresetRunner.transactionCount(store) == 2)
        #expect(try await store.currentAccount().name == SimulatedStore.defaultAccount, "left as it was")
        do {
            try await runner.apply(to: store, force: false)
            Issue.record("a history was replaced without force")
        } catch {
            guard case .holdsHistory(let count) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(count == 2)
        }
        try await runner.apply(to: store, force: true)
        #expect(try await PresetRunner.transactionCount(store) == 0)
    }
}
