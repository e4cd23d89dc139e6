import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The journal's hand-written JSON is the document the ledger's `JSONEncoder` would write,
/// byte for byte, so lines written before and after it read back the same.
@Suite struct JournalEncodingTests {
    @Test func journalJSONIsTheEncodersByteForByte() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var random = SplitMix64(seed: 17)
        // Types and subtypes are Apple's words now (enums), so every one of them, not odd text.
        let types = NotificationType.allCases
        let subtypes = NotificationSubtype.allCases
        for _ in 0..<300 {
            let notifications = (0..<Int(random.next() % 4)).map { _ in
                JournalEntry.Notification(
                    sequence: Int64(bitPattern: random.next()) >> Int64(random.next() % 64),
                    type: types[Int(random.next() % UInt64(types.count))],
                    subtype: random.next() % 3 == 0
                        ? nil : subtypes[Int(random.next() % UInt64(subtypes.count))])
            }
            let ids = (0..<Int(random.next() % 4)).map { _ in random.next() >> (random.next() % 64) }
            #expect(
                Ledger.json(notifications)
                    == String(decoding: try encoder.encode(notifications), as: UTF8.self))
            #expect(Ledger.json(ids) == String(decoding: try encoder.encode(ids), as: UTF8.self))
        }
    }
}
