import Foundation
import StoreCore
import Synchronization
import TestSupport
import Testing

@testable import Simulator

/// Save points: SQLite's online backup of the ledger, loaded back in one transaction.
@Suite struct SavePointTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func buy(_ store: SimulatedStore, _ productID: String) async throws {
        _ = try await store.perform(StoreRequest.purchase(productID: productID, options: [], confirmed: true))
    }

    @Test func loadingPutsTheStoreBackKeepsTheJournalAndTellsTheWatchers() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        try await buy(store, "basic.monthly")
        let saved = try await store.perform(StoreOperation.saveState(name: "one-purchase"))
        #expect(saved == .savePoint("one-purchase"))
        try await buy(store, "lifetime")
        _ = try await store.perform(StoreOperation.apply(.askToBuy(true)))
        #expect(try await store.transactionRecords().count == 2)
        let events = Incoming(await store.events())
        let loaded = try await store.perform(StoreOperation.loadState(name: nil))
        #expect(loaded == .savePoint("one-purchase"), "the newest save point")
        #expect(
            try await store.transactionRecords().map(\.transaction.unsafePayloadValue.productID) == [
                "basic.monthly"
            ])
        #expect(try await store.settings().askToBuyEnabled == false)
        var sawStateChanged = false
        while let event = try await events.next(waitingFor: "stateChanged after the load") {
            if event == .stateChanged {
                sawStateChanged = true
                break
            }
        }
        #expect(sawStateChanged)
        let actions = try await store.journal().map(\.action)
        #expect(
            actions.suffix(3) == [
                "Purchasing lifetime", "Changing the store's settings", "Loading the newest save point",
            ])
        #expect(try await store.journal().last?.result == "loaded save point one-purchase")
        // The store carries on from the save point: new IDs follow the ledger, not memory.
        try await buy(store, "lifetime")
        #expect(try await store.transactionRecords().count == 2)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func badNamesAndMissingSavePointsAreClearErrors() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        for name in ["../escape", "", ".hidden", "a b"] {
            await #expect {
                _ = try await store.perform(StoreOperation.saveState(name: name))
            } throws: { "\($0)".contains("is not a save point name") }
        }
        _ = try await store.perform(StoreOperation.saveState(name: "kept"))
        await #expect {
            _ = try await store.perform(StoreOperation.loadState(name: "missing"))
        } throws: { "\($0)".contains("no save point 'missing'") && "\($0)".contains("there are: kept") }
        let memory = try SimulatedStore.makeForTest()
        await #expect {
            _ = try await memory.perform(StoreOperation.saveState(name: "x"))
        } throws: { "\($0)".contains("need a state directory") }
    }

    @Test func aCorruptSavePointChangesNothing() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        try await buy(store, "lifetime")
        _ = try await store.perform(StoreOperation.saveState(name: "good"))
        let good = SavePoints.url(named: "good", in: directory)
        var bytes = try Data(contentsOf: good)
        // Damage the pages after the header: SQLite's own check finds it.
        for index in stride(from: 4_200, to: min(bytes.count, 12_000), by: 7) { bytes[index] ^= 0x5A }
        try bytes.write(to: SavePoints.url(named: "damaged", in: directory))
        try Data("not a database".utf8).write(to: SavePoints.url(named: "text", in: directory))
        let journalBefore = try await store.journal().count
        for name in ["damaged", "text"] {
            await #expect {
                _ = try await store.perform(StoreOperation.loadState(name: name))
            } throws: {
                "\($0)".contains("is not a usable Kiosk save point")
                    && "\($0)".contains("nothing was changed")
            }
        }
        #expect(
            try await store.transactionRecords().map(\.transaction.unsafePayloadValue.productID) == [
                "lifetime"
            ])
        #expect(
            try await store.journal().count == journalBefore + 2,
            "each refused load is journaled, nothing else")
        #expect(try await store.integrityCheck() == "ok")
    }

    /// An export reads with its own connection while the store keeps committing: each copy is
    /// one consistent moment (every purchase with its journal line, nothing half-written).
    @Test func exportWhileTheStoreWritesIsConsistent() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        let writer = Task {
            for _ in 0..<40 { try await buy(store, "gems") }
        }
        // On a thread of its own, as another process would: never blocking Swift's shared pool.
        let summaries = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try (0..<6).map { round in
                            let file = directory.appendingPathComponent("export-\(round).kiosk")
                            try SavePoints.export(stateDirectory: directory, to: file)
                            return try SavePoints.check(file)
                        }
                    })
            }.start()
        }
        for (round, summary) in summaries.enumerated() {
            // The opening line, then one line per purchase, in the same transactions.
            #expect(summary.journalLines == summary.transactions + 1, "export \(round): \(summary)")
        }
        try await writer.value
        let final = directory.appendingPathComponent("final.kiosk")
        try SavePoints.export(stateDirectory: directory, to: final)
        #expect(try SavePoints.check(final).transactions == 40)
    }

    /// A check reads the file account by account and says how far it is (the import's bar).
    @Test func aCheckReportsItsProgressAccountByAccount() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            for name: AccountName in ["ann", "bob"] { try await store.addAccount(StoreAccount(name: name)) }
        }
        let file = directory.appendingPathComponent("accounts.kiosk")
        try SavePoints.export(stateDirectory: directory, to: file)
        let seen = Mutex<[[Int]]>([])
        let summary = try SavePoints.check(file) { done, total in seen.withLock { $0.append([done, total]) } }
        #expect(summary.accounts == 3)
        #expect(seen.withLock { $0 } == [[0, 3], [1, 3], [2, 3]])
    }
}
