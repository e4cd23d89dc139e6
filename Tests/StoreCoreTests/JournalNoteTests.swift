import Foundation
import StoreCore
import Testing
import WireProtocol

/// A journal note is typed, and its words are what the journal and the wire held when it was
/// two strings: every note reads back from its words, the body a client sends is byte for byte
/// the old one, the words an older client sends decode, and words no client writes are refused.
@Suite struct JournalNoteTests {
    static let notes: [JournalNote] = [
        .paywallOpened, .paywallClosed,
        .paywallRedrawn(after: .transaction(id: 2_000_000_000_000_001, revoked: true)),
        .paywallRedrawn(after: .transaction(id: 7, revoked: false)),
        .paywallRedrawn(after: .askToBuyDeclined(transactionID: 9)),
        .paywallRedrawn(after: .clockMoved), .paywallRedrawn(after: .storeChanged),
        .paywallRedrawn(after: .messageForTheApp),
        .storeKitMistake(kind: "unfinishedTransaction", message: "transaction 3 was never finished"),
    ]

    @Test func everyNoteReadsBackFromItsWords() {
        for note in Self.notes {
            #expect(JournalNote(action: note.action, result: note.result) == note, "\(note)")
        }
    }

    /// The words as the paywall and KioskStoreKit wrote them before the note was typed.
    @Test func theWordsAreTheJournalsAsBefore() {
        let words = Self.notes.map { "\($0.action) | \($0.result)" }
        #expect(
            words == [
                "Paywall opened | opened", "Paywall closed | quit",
                "Paywall redrawn | after a change from elsewhere: transaction 2000000000000001 revoked",
                "Paywall redrawn | after a change from elsewhere: transaction 7 updated",
                "Paywall redrawn | after a change from elsewhere: Ask to Buy declined for transaction 9",
                "Paywall redrawn | after a change from elsewhere: the clock moved",
                "Paywall redrawn | after a change from elsewhere: the store changed",
                "Paywall redrawn | after a change from elsewhere: a message for the app",
                "StoreKit mistake: unfinishedTransaction | transaction 3 was never finished",
            ])
    }

    @Test func theWireBodyIsTheOldOneAndAnOlderClientsBodyDecodes() throws {
        let request = StoreOperation.paywallClosed.wireRequest
        #expect(request.route.path([:]) == "/v1/control/journal-notes")
        let body = try #require(request.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"action":"Paywall closed","result":"quit"}"#)

        let older = Array(
            #"{"action": "Paywall redrawn", "result": "after a change from elsewhere: the clock moved"}"#
                .utf8)
        #expect(
            try request.route.values(from: WireInput(parameters: [:], body: older))
                == [.journalNote(.paywallRedrawn(after: .clockMoved))])
    }

    @Test func wordsNoClientWritesAreRefused() {
        let route = StoreOperation.paywallClosed.wireRequest.route
        for (action, result) in [
            ("Paywall closed", "stayed"), ("Paywall redrawn", "shown"),
            ("Paywall redrawn", "after a change from elsewhere: transaction x revoked"),
            ("StoreKit mistake: ", "empty kind"), ("Anything", "at all"),
        ] {
            let body = WireCoding.encode(Wire.JournalNote(action: action, result: result))
            #expect(throws: StoreError.self, "\(action) | \(result)") {
                try route.values(from: WireInput(parameters: [:], body: body))
            }
        }
    }
}
