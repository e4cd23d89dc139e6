import Foundation
import StoreCore
import Testing

/// A journal source is the word the journal held when it was text: ledgers, the `Kiosk-Source`
/// header and `kiosk journal --json` read as before.
@Suite struct JournalSourceTests {
    @Test func rawValuesAreTheJournalsWords() {
        #expect(
            JournalSource.allCases.map(\.rawValue) == ["paywall", "cli", "wire", "app", "store", "storekit"])
        #expect("\(JournalSource.paywall)" == "paywall")
    }

    @Test func encodesAsAPlainString() throws {
        let context = JournalContext(session: "s1", source: .cli)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(context), as: UTF8.self)
                == #"{"session":"s1","source":"cli"}"#)
        let decoded = try JSONDecoder().decode(
            JournalContext.self, from: Data(#"{"session":"s","source":"store"}"#.utf8))
        #expect(decoded.source == .store)
    }

    @Test func aWordKioskDoesNotKnowIsTheWires() {
        #expect(JournalSource(text: "rehearsal-bot") == .wire)
        #expect(JournalSource(text: "storekit") == .storekit)
    }
}
