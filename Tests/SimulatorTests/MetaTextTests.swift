import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The meta row's text made from its template is exactly what the ledger's encoder writes,
/// whatever changes between two commits.
@Suite struct MetaTextTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func encoded(_ meta: StoreMeta) throws(LedgerError) -> String {
        do {
            return String(decoding: try encoder.encode(meta), as: UTF8.self)
        } catch {
            throw .unencodable(what: "StoreMeta", problem: "\(error)", path: ":memory:")
        }
    }

    static func meta(transaction: UInt64, sequence: Int64) -> StoreMeta {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        return StoreMeta(
            settings: StoreSettings(), simulatedErrors: [:], clock: VirtualClock(start: start, wall: start),
            nextTransactionID: transaction, nextNotificationSequence: sequence, identity: AppIdentity())
    }

    @Test func countersAloneReuseTheTemplateAndMatchTheEncoder() throws {
        var text = MetaText()
        var encodings = 0
        let counting: (StoreMeta) throws(LedgerError) -> String = { meta throws(LedgerError) in
            encodings += 1
            return try Self.encoded(meta)
        }
        for step in 0..<50 {
            let meta = Self.meta(
                transaction: 2_000_000_000_000_001 + UInt64(step * 7), sequence: Int64(step * 3))
            #expect(try text.text(for: meta, encode: counting) == Self.encoded(meta))
        }
        #expect(encodings == 1, "the settings never changed, so one encoding serves every commit")
    }

    @Test func anyOtherChangeIsEncodedAfresh() throws {
        var text = MetaText()
        var meta = Self.meta(transaction: 5, sequence: 9)
        _ = try text.text(for: meta, encode: Self.encoded)
        meta.settings.storefront = "JPN"
        meta.simulatedErrors = ["purchase": "networkError"]
        meta.identity.bundleID = "com.example.other"
        meta.clock = VirtualClock(start: Date(timeIntervalSince1970: 0), wall: Date(timeIntervalSince1970: 0))
        meta.notificationIDPrefix = 42
        #expect(try text.text(for: meta, encode: Self.encoded) == Self.encoded(meta))
        // The extremes of both counters, and values that contain the sentinels' digits.
        for (transaction, sequence) in [
            (UInt64.max, Int64.max), (0, Int64.min),
            (MetaText.transactionSentinel, MetaText.sequenceSentinel),
        ] {
            meta.nextTransactionID = transaction
            meta.nextNotificationSequence = sequence
            #expect(try text.text(for: meta, encode: Self.encoded) == Self.encoded(meta))
        }
    }

    @Test func aTemplateThatCannotBeSplitFallsBackToTheEncoder() throws {
        var text = MetaText()
        var meta = Self.meta(transaction: 1, sequence: 1)
        // The sentinel's digits inside a setting: the template would be ambiguous.
        meta.identity.bundleID = "com.example.\(MetaText.transactionSentinel)"
        #expect(try text.text(for: meta, encode: Self.encoded) == Self.encoded(meta))
        meta.nextTransactionID = 77
        #expect(try text.text(for: meta, encode: Self.encoded) == Self.encoded(meta))
    }
}
