import Foundation
import StoreCore
import Synchronization

/// One `perform` call's journal line in the making: who asked for what. `runAction` writes the
/// line with the first change the call commits; a call that commits nothing (a cancelled sheet,
/// a failure, a restore with nothing new) gets a line of its own afterwards.
/// What an action did, in the words its journal line should say.
struct JournalWords {
    var text: String

    init(_ text: String) { self.text = text }
}

final class JournalScope: Sendable {
    let context: JournalContext?
    let account: AccountName
    let action: String
    /// What the action did in its own words, when a commit's result says nothing better
    /// ("Refunded transaction 42 (other)").
    let outcome: String?
    private let recorded = Mutex(false)
    /// Why the action failed, when its error says less than the store knows (Apple's
    /// `invalidOfferSignature` never names the claim at fault); added to a failure's line.
    private let failureNote = Mutex<String?>(nil)

    init(context: JournalContext?, account: AccountName, action: String, outcome: String?) {
        self.context = context
        self.account = account
        self.action = action
        self.outcome = outcome
    }

    var isRecorded: Bool { recorded.withLock { $0 } }
    func markRecorded() { recorded.withLock { $0 = true } }
    func note(_ why: String) { failureNote.withLock { $0 = why } }
    var note: String? { failureNote.withLock { $0 } }
}
