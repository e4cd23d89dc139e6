import Foundation
import StoreCore

/// The journal's lines as the store writes them: what a commit's line says, who made it, and
/// the words for a request, a result and a change. Pure functions of what they are given, so
/// a line can be checked without a store.
enum JournalLines {
    /// A line lists at most this many notifications and transactions: a clock advanced a year
    /// across many accounts is one line, and its lists must not outgrow the change itself.
    static let listLimit = 500

    /// The line for `changes`, made by `scope` (nil: the store's own work, or a call that
    /// binds no scope, on behalf of `activeAccount` when one account's rows changed).
    static func entry(
        scope: JournalScope?, result: String, changes: Changeset, wallTime: Date, storeTime: Date,
        activeAccount: AccountName
    ) -> JournalEntry {
        let context = scope?.context ?? JournalContext.current
        let touched = Set(changes.transactions.values.map(\.account)).union(
            changes.notifications.map(\.account))
        return JournalEntry(
            wallTime: wallTime, storeTime: storeTime, session: context?.session ?? SimulatedStore.ownSession,
            source: scope == nil && context == nil ? .store : context?.source ?? .app,
            screen: context?.screen,
            account: scope?.account ?? (touched.count > 1 ? "*" : touched.first ?? activeAccount),
            action: scope?.action ?? "Store events came due",
            result: result + omitted(changes),
            notifications: changes.notifications.prefix(Self.listLimit).map {
                JournalEntry.Notification(sequence: $0.sequence, type: $0.type, subtype: $0.subtype)
            },
            transactionIDs: Array(
                changes.signedTransactionIDs.union(changes.newTransactionIDs).sorted().prefix(
                    Self.listLimit)),
            picture: context?.picture)
    }

    /// " (and 1200 more notifications)" when a line's lists were cut at `listLimit`.
    private static func omitted(_ changes: Changeset) -> String {
        let notifications = changes.notifications.count - listLimit
        let transactions =
            changes.signedTransactionIDs.union(changes.newTransactionIDs).count - listLimit
        let parts = [
            notifications > 0 ? "\(notifications) more notifications" : nil,
            transactions > 0 ? "\(transactions) more transactions" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? "" : " (and " + parts.joined(separator: ", ") + ")"
    }

    /// The opening of a store with its journal line, when opening changed anything (a new
    /// state, a new account, new identity settings).
    static func opening(_ changes: Changeset, account: AccountName, at now: Date, wall: Date) -> Changeset {
        guard !changes.isEmpty else { return changes }
        var changes = changes
        let context = JournalContext.current
        let created = changes.accounts.keys.sorted()
        changes.journal.append(
            JournalEntry(
                wallTime: wall, storeTime: now, session: context?.session ?? SimulatedStore.ownSession,
                source: context?.source ?? .store, account: account, action: "Opening the store",
                result: created.isEmpty
                    ? "settings recorded"
                    : "created account " + created.map(\.rawValue).joined(separator: ", ")))
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
            case .heldForApproval(let transaction): return "pending approval (\(transaction.id))"
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
    static func action(_ request: StoreRequest) -> String {
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
    static func outcome(_ request: StoreRequest) -> String? {
        switch request {
        case .finish: "finished"
        case .sync: "restored"
        case .showManageSubscriptions: "shown"
        case .purchase, .redeemOfferCode, .requestRefund, .retentionMessage: nil
        }
    }
}
