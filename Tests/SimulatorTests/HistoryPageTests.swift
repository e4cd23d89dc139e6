import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// A page of the App Store Server API's history is read from the ledger a chunk at a time
/// when the account is not in memory, keeps nothing in the cache, and says what the whole
/// history in memory says.
@Suite struct HistoryPageTests {
    /// A state directory whose "collector" has `count` transactions or so: a subscription
    /// renewed now and then, consumables (every fifth finished, so out of the history unless
    /// refunded; every seventh refunded) and non-renewing passes, one transaction deleted.
    func longHistory(_ count: Int) async throws -> URL {
        let directory = try temporaryDirectory("kiosk-history-pages")
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        try await store.addAccount(StoreAccount(name: "collector"))
        let collector = store.acting(for: "collector")
        _ = try await collector.buyOffDevice("pro.monthly", options: [.introductoryOfferEligibility(false)])
        for index in 1..<count {
            let id = try await collector.buyOffDevice(index % 3 == 0 ? "season" : "gems", options: []).id
            if index % 5 == 0 { try await collector.finish(id) }
            if index % 7 == 0 { try await collector.refund(id, reason: .other) }
            if index == count / 2 { try await collector.deleteTransaction(id) }
            if index % 60 == 0 { _ = try await collector.advanceClock(by: 31 * day) }
        }
        return directory
    }

    /// Every page, 20 at a time, each starting after the last transaction of the one before.
    func everyPage(
        _ store: SimulatedStore, descending: Bool, accepting accepts: @Sendable (Transaction) -> Bool
    ) async throws -> [ServerTransaction] {
        var all: [ServerTransaction] = []
        var last: UInt64?
        while true {
            let page = try await store.serverTransactionPage(
                ofAccount: "collector", after: last, descending: descending, limit: 20, accepting: accepts)
            all += page.items
            #expect(page.items.count == 20 || !page.hasMore, "a page is full unless it is the last")
            guard page.hasMore, let final = page.items.last else { return all }
            last = final.transaction.id
        }
    }

    static let filters: [(name: String, accepts: @Sendable (Transaction) -> Bool)] = [
        ("all", { _ in true }),
        ("consumables", { $0.productType == .consumable }),
        ("refunded", { $0.isRevoked }),
        ("passes not refunded", { $0.productID == "season" && !$0.isRevoked }),
        ("subscription", { $0.productType == .autoRenewable }),
        ("none", { _ in false }),
    ]

    @Test func pagesFromTheLedgerAreTheWholeHistoryInOrderAndStayOutOfTheCache() async throws {
        let directory = try await longHistory(250)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        var fromTheLedger: [[ServerTransaction]] = []
        for filter in Self.filters {
            for descending in [false, true] {
                fromTheLedger.append(
                    try await everyPage(store, descending: descending, accepting: filter.accepts))
            }
        }
        #expect(await !store.holdsWholeHistory(of: "collector"), "pages are not cached")
        let cached = await store.cachedTransactionCount
        #expect(cached < 20, "\(cached) transactions cached")

        let whole = try await store.serverTransactions(ofAccount: "collector")
        #expect(await store.holdsWholeHistory(of: "collector"))
        #expect(whole.count > 200 && whole.count < 250, "finished consumables and the deleted one are out")
        var index = 0
        for filter in Self.filters {
            for descending in [false, true] {
                let name = "\(filter.name), \(descending ? "newest" : "oldest") first"
                var expected = whole.filter { filter.accepts($0.transaction) }
                if descending { expected.reverse() }
                let paged = fromTheLedger[index]
                #expect(paged.map(\.transaction.id) == expected.map(\.transaction.id), "\(name)")
                #expect(Set(paged.map(\.transaction.id)).count == paged.count, "\(name): each once")
                // Compared as one Bool: a failure printing hundreds of JWS would hide the rest.
                let sameSignatures = paged.map(\.jws) == expected.map(\.jws)
                #expect(sameSignatures, "\(name): the stored JWS")
                let fromMemory = try await everyPage(store, descending: descending, accepting: filter.accepts)
                let sameFromMemory = fromMemory.map(\.jws) == paged.map(\.jws)
                #expect(sameFromMemory, "\(name): from memory")
                index += 1
            }
        }
        #expect(fromTheLedger[4].count > 20, "refunds take more than a page")
    }

    /// A page that starts past either end, or after an ID between two of the account's, still
    /// starts at the next transaction in the page's direction, from the ledger and from memory.
    @Test func aPageStartsAfterAnyIDInEitherDirection() async throws {
        let directory = try await longHistory(30)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        let all: @Sendable (Transaction) -> Bool = { _ in true }
        func first(after last: UInt64?, descending: Bool) async throws -> UInt64? {
            try await store.serverTransactionPage(
                ofAccount: "collector", after: last, descending: descending, limit: 1, accepting: all
            ).items.first?.transaction.id
        }
        for _ in 0..<2 {
            let ids = try await everyPage(store, descending: false, accepting: all).map(\.transaction.id)
            let (oldest, newest) = (ids[0], ids[ids.count - 1])
            #expect(try await first(after: nil, descending: false) == oldest)
            #expect(try await first(after: nil, descending: true) == newest)
            #expect(try await first(after: oldest - 1, descending: false) == oldest)
            #expect(try await first(after: newest + 1, descending: true) == newest)
            #expect(try await first(after: newest, descending: false) == nil)
            #expect(try await first(after: oldest, descending: true) == nil)
            #expect(try await first(after: ids[3], descending: false) == ids[4])
            #expect(try await first(after: ids[3], descending: true) == ids[2])
            // Again with the whole account in memory.
            _ = try await store.serverTransactions(ofAccount: "collector")
        }
    }
}

extension SimulatedStore {
    /// Whether every transaction of the account is in the cache.
    func holdsWholeHistory(of account: AccountName) -> Bool { state.cachedTransactionIDs(of: account) != nil }
}
