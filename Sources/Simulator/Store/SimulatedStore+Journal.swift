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
    let account: String
    let action: String
    /// What the action did in its own words, when a commit's result says nothing better
    /// ("Refunded transaction 42 (other)").
    let outcome: String?
    private let recorded = Mutex(false)
    /// Why the action failed, when its error says less than the store knows (Apple's
    /// `invalidOfferSignature` never names the claim at fault); added to a failure's line.
    private let failureNote = Mutex<String?>(nil)

    init(context: JournalContext?, account: String, action: String, outcome: String?) {
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

extension SimulatedStore {
    /// The journal line of the `perform` call under way (bound around it by `journaled`).
    @TaskLocal static var journalScope: JournalScope?

    /// This process's session, for the store's own work (renewals on its timer) when no caller
    /// said who it is.
    static let ownSession = JournalContext.newSessionID()

    /// Runs `body` (one operation or request) so that what it commits is journaled as `action`,
    /// and journals it even when it commits nothing or fails.
    func journaled<T: Sendable>(
        _ action: String, outcome: String? = nil, words: (T) -> String? = { describe($0) },
        _ body: () async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        let scope = JournalScope(
            context: JournalContext.current, account: activeAccount, action: action, outcome: outcome)
        let outcome: Result<T, StoreError> = await Self.$journalScope.withValue(scope) {
            do throws(StoreError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        if !scope.isRecorded {
            let result: String
            switch outcome {
            case .success(let value): result = words(value) ?? scope.outcome ?? "no change"
            case .failure(let error): result = "failed: \(error)" + (scope.note.map { " (\($0))" } ?? "")
            }
            var changes = Changeset()
            changes.journal = [journalEntry(scope: scope, result: result, changes: changes)]
            // The line of an action that changed nothing: losing it must not fail the action,
            // and is reported instead.
            do throws(LedgerError) {
                _ = try ledger.commit(changes)
            } catch {
                reportProblem("the journal line of '\(scope.action)' could not be written (\(error))")
            }
        }
        return try outcome.get()
    }

    /// Adds the journal line of a change about to be committed; false when there is nothing to
    /// journal (an empty change commits nothing).
    func addJournalLine(to changes: inout Changeset, result: Any, scope: JournalScope?) -> Bool {
        guard !changes.isEmpty else { return false }
        let line =
            scope.map { Self.describe(result) ?? $0.outcome ?? "done" }
            ?? (changes.notifications.isEmpty ? "store updated" : "due renewals and expiries ran")
        changes.journal.append(journalEntry(scope: scope, result: line, changes: changes))
        return true
    }

    /// A line lists at most this many notifications and transactions: a clock advanced a year
    /// across many accounts is one line, and its lists must not outgrow the change itself.
    static let journalListLimit = 500

    /// The line for `changes`, made by `scope` (nil: the store's own work).
    func journalEntry(scope: JournalScope?, result: String, changes: Changeset) -> JournalEntry {
        let context = scope?.context ?? JournalContext.current
        let touched = Set(changes.transactions.values.map(\.account)).union(
            changes.notifications.map(\.account))
        return JournalEntry(
            wallTime: wallClock(), storeTime: currentTime, session: context?.session ?? Self.ownSession,
            source: scope == nil && context == nil ? "store" : context?.source ?? "app",
            screen: context?.screen,
            account: scope?.account ?? (touched.count > 1 ? "*" : touched.first ?? activeAccount),
            action: scope?.action ?? "Store events came due",
            result: result + Self.omitted(changes),
            notifications: changes.notifications.prefix(Self.journalListLimit).map {
                JournalEntry.Notification(sequence: $0.sequence, type: $0.type, subtype: $0.subtype)
            },
            transactionIDs: Array(
                changes.signedTransactionIDs.union(changes.newTransactionIDs).sorted().prefix(
                    Self.journalListLimit)),
            picture: context?.picture)
    }

    /// " (and 1200 more notifications)" when a line's lists were cut at `journalListLimit`.
    private static func omitted(_ changes: Changeset) -> String {
        let notifications = changes.notifications.count - journalListLimit
        let transactions =
            changes.signedTransactionIDs.union(changes.newTransactionIDs).count - journalListLimit
        let parts = [
            notifications > 0 ? "\(notifications) more notifications" : nil,
            transactions > 0 ? "\(transactions) more transactions" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? "" : " (and " + parts.joined(separator: ", ") + ")"
    }

    /// The opening of a store with its journal line, when opening changed anything (a new
    /// state, a new account, new identity settings).
    static func journalingOpening(_ changes: Changeset, account: String, at now: Date, wall: Date)
        -> Changeset
    {
        guard !changes.isEmpty else { return changes }
        var changes = changes
        let context = JournalContext.current
        let created = changes.accounts.keys.sorted()
        changes.journal.append(
            JournalEntry(
                wallTime: wall, storeTime: now, session: context?.session ?? ownSession,
                source: context?.source ?? "store", account: account, action: "Opening the store",
                result: created.isEmpty
                    ? "settings recorded" : "created account " + created.joined(separator: ", ")))
        return changes
    }

    /// A result in the journal's words, or nil for one that says nothing (`Void`, `.done`).
    static func describe(_ value: Any) -> String? {
        switch value {
        case let outcome as PurchaseOutcome:
            switch outcome {
            case .purchased(let id): return "purchased \(id)"
            case .pending(let id): return "pending approval (\(id))"
            }
        case let result as PurchaseResult:
            switch result {
            case .success(let verified): return "purchased \(verified.unsafePayloadValue.id)"
            case .userCancelled: return "cancelled"
            case .pending: return "pending"
            }
        case let result as StoreRequestResult:
            switch result {
            case .done: return nil
            case .purchase(let purchase): return describe(purchase)
            case .refundRequest(let status): return "refund request: \(status)"
            case .retention(let sheet): return sheet.summary
            }
        case let result as StoreOperationResult:
            switch result {
            case .done: return nil
            case .clock(let date): return describe(date)
            case .transaction(let transaction): return "transaction \(transaction.id)"
            case .savePoint(let name): return "save point \(name)"
            }
        case let followUp as OperationFollowUp: return followUp.journalWords
        case let followUp as RequestFollowUp: return followUp.journalWords
        case let words as JournalWords: return words.text
        case let id as UInt64: return "transaction \(id)"
        case let transaction as Transaction: return "transaction \(transaction.id)"
        case let date as Date:
            return "clock at "
                + date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        default: return nil
        }
    }

    /// The journal's words for an app request.
    static func journalAction(_ request: StoreRequest) -> String {
        switch request {
        case .purchase(let productID, _, let confirmed):
            return confirmed ? "Purchasing \(productID)" : "Purchasing \(productID) (sheet cancelled)"
        case .finish(let id): return "Finishing transaction \(id)"
        case .sync: return "Restoring purchases"
        case .redeemOfferCode(let code): return "Redeeming offer code \(code)"
        case .requestRefund(let id, _): return "Requesting a refund of transaction \(id)"
        case .showManageSubscriptions: return "Showing Manage Subscriptions"
        case .retentionMessage(let productID): return "Opening the cancel sheet of \(productID)"
        }
    }

    /// What an app request did when its result says nothing more.
    static func journalOutcome(_ request: StoreRequest) -> String? {
        switch request {
        case .finish: "finished"
        case .sync: "restored"
        case .showManageSubscriptions: "shown"
        case .purchase, .redeemOfferCode, .requestRefund, .retentionMessage: nil
        }
    }

    /// The journal, oldest first.
    public func journal(_ filter: JournalFilter = JournalFilter()) throws(StoreError) -> [JournalEntry] {
        do throws(LedgerError) {
            return try ledger.journal(filter)
        } catch {
            throw StoreError(error)
        }
    }
}
