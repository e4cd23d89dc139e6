import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// Get Transaction History and Get Refund History page from the ledger, 20 at a time, with a
/// revision that names the last transaction handed out: a store opened on a long history
/// pages it in order, each transaction once, as the whole history in memory says it; a new
/// purchase between pages moves nothing; a revision that does not decode is Apple's 4000005.
@Suite struct TransactionHistoryPagingTests {
    struct History: Decodable {
        var revision: String
        var hasMore: Bool
        var signedTransactions: [String]
    }

    struct Failure: Decodable {
        var errorCode: Int
    }

    static let consumable = "com.kiosk.lumen.aicredits10"
    static let subscription = "com.kiosk.lumen.pro.monthly"

    /// A state directory whose "collector" has a subscription renewed now and then, and about
    /// 250 consumables: every fifth finished (out of the history unless refunded), every
    /// seventh refunded, one deleted.
    /// - Returns: the directory, and the ID of the account's first transaction.
    static func longHistory() async throws -> (directory: URL, first: UInt64) {
        var first: UInt64 = 0
        let directory = try await APIFixture.state { store in
            try await store.addAccount(StoreAccount(name: "collector"))
            let collector = store.acting(for: "collector")
            first = try await collector.buyOffDevice(
                subscription, options: [.introductoryOfferEligibility(false)]
            ).id
            for index in 1..<250 {
                let id = try await collector.buyOffDevice(consumable, options: []).id
                if index % 5 == 0 { try await collector.finish(id) }
                if index % 7 == 0 { try await collector.refund(id, reason: .other) }
                if index == 100 { try await collector.deleteTransaction(id) }
                if index % 60 == 0 { _ = try await collector.advanceClock(by: 31 * 86_400) }
            }
        }
        return (directory, first)
    }

    static func transaction(_ jws: String) throws -> Transaction {
        try JWSVerifier(trustedRoots: []).verify(jws, as: Transaction.self).unsafePayloadValue
    }

    /// One page of `endpoint` (`history` or `refund`) for the owner of `id`.
    static func page(
        _ fixture: APIFixture, _ token: String, _ endpoint: String, of id: UInt64, query: String
    )
        async throws -> History
    {
        let path = endpoint == "refund" ? "/inApps/v2/refund/lookup/\(id)" : "/inApps/v2/history/\(id)"
        let response = await fixture.get(path + (query.isEmpty ? "" : "?" + query), token: token)
        #expect(
            response.status == 200, "\(path)?\(query): \(String(decoding: response.bodyBytes, as: UTF8.self))"
        )
        return try JSONDecoder().decode(History.self, from: Data(response.bodyBytes))
    }

    /// Every page of `endpoint` with `query`, following each revision until `hasMore` is false.
    static func everyPage(
        _ fixture: APIFixture, _ token: String, _ endpoint: String, of id: UInt64, query: String
    )
        async throws -> [String]
    {
        var signed: [String] = []
        var revision: String?
        while true {
            let parts = [query, revision.map { "revision=" + $0 }].compactMap { $0 }.filter { !$0.isEmpty }
            let page = try await page(fixture, token, endpoint, of: id, query: parts.joined(separator: "&"))
            signed += page.signedTransactions
            #expect(
                page.signedTransactions.count == 20 || !page.hasMore, "a page is full unless it is the last")
            guard page.hasMore else { break }
            revision = page.revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        }
        return signed
    }

    @Test func aFreshStorePagesItsLongHistoryAsTheWholeHistorySaysIt() async throws {
        let (directory, owner) = try await Self.longHistory()
        let fixture = try await APIFixture(reopening: directory)
        defer { Task { await fixture.stop() } }
        let token = try await fixture.token()
        let cases: [(query: String, endpoint: String, accepts: @Sendable (Transaction) -> Bool)] = [
            ("", "history", { _ in true }),
            ("sort=DESCENDING", "history", { _ in true }),
            ("productType=CONSUMABLE", "history", { $0.productType == .consumable }),
            ("productType=AUTO_RENEWABLE&sort=DESCENDING", "history", { $0.productType == .autoRenewable }),
            ("revoked=True&sort=ASCENDING", "history", { $0.isRevoked }),
            (
                "productId=\(Self.consumable)&revoked=False&sort=DESCENDING", "history",
                {
                    $0.productID == Self.consumable && !$0.isRevoked
                }
            ),
            ("", "refund", { $0.isRevoked }),
        ]
        // Any transaction of the account names it: `owner` is the subscription's first.
        var fromTheLedger: [[String]] = []
        for (query, endpoint, _) in cases {
            fromTheLedger.append(try await Self.everyPage(fixture, token, endpoint, of: owner, query: query))
        }
        // Now the whole history in memory, as it was read before paging came from the ledger.
        let whole = try await fixture.store.serverTransactions(ofAccount: "collector")
        #expect(whole.count > 200, "finished consumables leave the history unless refunded")
        for (index, (query, endpoint, accepts)) in cases.enumerated() {
            let ids = try fromTheLedger[index].map { try Self.transaction($0).id }
            var expected = whole.filter { accepts($0.transaction) }
            if query.contains("DESCENDING") { expected.reverse() }
            #expect(ids == expected.map(\.transaction.id), "\(endpoint) \(query)")
            #expect(Set(ids).count == ids.count, "\(endpoint) \(query): each transaction once")
            // Compared as one Bool: a failure printing hundreds of JWS would hide the rest.
            let sameSignatures = fromTheLedger[index] == expected.map(\.jws)
            #expect(sameSignatures, "\(endpoint) \(query): the stored JWS")
            // The account is in memory now: its pages come from there, and say the same.
            let fromMemory = try await Self.everyPage(fixture, token, endpoint, of: owner, query: query)
            let sameFromMemory = fromMemory == fromTheLedger[index]
            #expect(sameFromMemory, "\(endpoint) \(query) from memory")
        }
        #expect(fromTheLedger[6].count > 20, "refunds take more than a page")
    }

    @Test func aPurchaseBetweenPagesNeitherShiftsNorRepeatsThem() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let store = fixture.store
        var bought: [UInt64] = []
        for _ in 0..<45 { bought.append(try await store.buyOffDevice(Self.consumable, options: []).id) }
        let token = try await fixture.token()
        for descending in [false, true] {
            let sort = descending ? "sort=DESCENDING" : "sort=ASCENDING"
            let first = try await Self.page(fixture, token, "history", of: bought[0], query: sort)
            #expect(first.hasMore)
            // An offset would now point one transaction earlier when newest first: the keyset
            // goes on after the last one handed out.
            let later = try await store.buyOffDevice(Self.consumable, options: []).id
            var signed = first.signedTransactions
            var revision = first.revision
            while true {
                let escaped = revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let page = try await Self.page(
                    fixture, token, "history", of: bought[0], query: sort + "&revision=" + escaped)
                signed += page.signedTransactions
                revision = page.revision
                if !page.hasMore { break }
            }
            let ids = try signed.map { try Self.transaction($0).id }
            #expect(ids == (descending ? bought.reversed() : bought + [later]), "\(sort)")
            bought.append(later)
        }
    }

    @Test func aRevisionThatDoesNotDecodeIs400With4000005() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let id = try await fixture.store.buyOffDevice(Self.consumable, options: []).id
        let token = try await fixture.token()
        let invalid = [
            "%%%", "bm90IGEgdG9rZW4=", Data("kiosk:-5".utf8).base64EncodedString(), "a2lvc2s6eA==",
        ]
        for revision in invalid {
            let escaped = revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            for path in [
                "/inApps/v1/history/\(id)", "/inApps/v2/history/\(id)", "/inApps/v2/refund/lookup/\(id)",
            ] {
                let response = await fixture.get(path + "?revision=" + escaped, token: token)
                #expect(response.status == 400, "\(path) \(revision)")
                #expect(response.headers["Content-Type"] == "application/json")
                let failure = try JSONDecoder().decode(Failure.self, from: Data(response.bodyBytes))
                #expect(failure.errorCode == 4_000_005, "\(path) \(revision)")
            }
        }
    }
}
