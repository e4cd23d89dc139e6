import Foundation

/// Every change a tester makes to the store, as one value: what Xcode's Transaction Manager
/// and `SKTestSession` can do. The paywall's Transaction Manager sends these, `kiosk store`
/// parses its words into them, the wire carries them (`StoreOperation+Wire`), and each backend
/// carries them out in one `StoreControl.perform(_:)`. Adding an operation is a case here, its
/// route, a case in `SimulatedStore.perform` and its words in the CLI (docs/architecture.md).
public enum StoreOperation: Sendable, Hashable {
    /// Adds a sandbox account (or updates its storefront and family).
    case addAccount(StoreAccount)
    case approveAskToBuy(transactionID: UInt64)
    case declineAskToBuy(transactionID: UInt64)
    /// Refunds at once, as Xcode does, with the refund sheet's reason and the refunded share in
    /// milliunits (`RefundRequest.fullRefund` is all of it).
    case refund(transactionID: UInt64, reason: Transaction.RevocationReason, percentage: Int)
    /// A customer's refund request that stays open until granted or declined.
    case openRefundRequest(transactionID: UInt64, reason: ConsumptionRequestReason)
    case grantRefundRequest(transactionID: UInt64, percentage: Int)
    case declineRefundRequest(transactionID: UInt64)
    /// Gives back what a granted refund took.
    case reverseRefund(transactionID: UInt64)
    case expireSubscription(productID: String)
    case forceRenewal(productID: String)
    case setAutoRenew(Bool, transactionID: UInt64)
    case requestPriceIncreaseConsent(transactionID: UInt64)
    case respondToPriceIncrease(transactionID: UInt64, accept: Bool)
    /// Resolves an interrupted purchase or a billing issue.
    case resolveIssue(transactionID: UInt64)
    case deleteTransaction(transactionID: UInt64)
    /// Deletes every transaction of the account.
    case clearTransactions
    /// Settings, errors and clock back to the catalog's defaults, every account's history cleared.
    case resetToDefaultState
    /// A purchase made outside the app (Xcode's "+", `SKTestSession.buyProduct`): it reaches the
    /// app through `updates`.
    case buyOffDevice(productID: String, options: [PurchaseOption])
    /// Moves the clock forward, running every renewal, retry and expiry on the way.
    case advanceClock(seconds: TimeInterval)
    /// Moves the clock to the next `count` renewals of the account's subscription in a group.
    case advanceClockPeriods(count: Int, groupID: String)
    case apply(StoreSetting)
    /// Makes an API fail with the failure, or succeed again when nil.
    case setSimulatedError(SimulatedFailure?, api: FailableAPI)
    /// Saves the whole store as a save point in its state directory (nil: the store names it
    /// after its wall-clock time). Answers `.savePoint(name)`.
    case saveState(name: String?)
    /// Puts the store back to a save point (nil: the newest); everyone watching re-reads it.
    /// Answers `.savePoint(name)`.
    case loadState(name: String?)
    /// A line in the QA journal that changes nothing: what a client saw (the paywall's screen
    /// after a change from elsewhere redrew it, the paywall closing). The screen and picture
    /// ride in `JournalContext`, as for every other operation.
    case journalNote(JournalNote)
}

/// Each operation in words: what it does (a failure's banner: "Refunding transaction 42 failed:
/// ...") and what it did (the banner after it: "Refunded transaction 42 (other)"). A new case is
/// worded here, beside its declaration.
extension StoreOperation {
    /// What the operation does, for the banner when it fails.
    public var summary: String {
        switch self {
        case .addAccount(let account): "Adding account \(account.name)"
        case .approveAskToBuy(let id): "Approving transaction \(id)"
        case .declineAskToBuy(let id): "Declining transaction \(id)"
        case .refund(let id, _, _): "Refunding transaction \(id)"
        case .openRefundRequest(let id, _): "Requesting a refund of transaction \(id)"
        case .grantRefundRequest(let id, _): "Granting the refund request of transaction \(id)"
        case .declineRefundRequest(let id): "Declining the refund request of transaction \(id)"
        case .reverseRefund(let id): "Reversing the refund of transaction \(id)"
        case .expireSubscription(let productID): "Expiring \(productID)"
        case .forceRenewal(let productID): "Renewing \(productID)"
        case .setAutoRenew(let on, let id): "Turning auto-renew \(on ? "on" : "off") for transaction \(id)"
        case .requestPriceIncreaseConsent(let id): "Requesting a price increase for transaction \(id)"
        case .respondToPriceIncrease(let id, let accept):
            "\(accept ? "Accepting" : "Declining") the price increase for transaction \(id)"
        case .resolveIssue(let id): "Resolving the billing issue of transaction \(id)"
        case .deleteTransaction(let id): "Deleting transaction \(id)"
        case .clearTransactions: "Clearing the store"
        case .resetToDefaultState: "Resetting the store"
        case .buyOffDevice(let productID, _): "Buying \(productID) outside the app"
        case .advanceClock, .advanceClockPeriods: "Advancing the store's clock"
        case .apply: "Changing the store's settings"
        case .setSimulatedError(let failure, let api):
            failure == nil
                ? "Clearing the simulated \(api.rawValue) error" : "Simulating a \(api.rawValue) error"
        case .saveState(let name): name.map { "Saving save point \($0)" } ?? "Saving a save point"
        case .loadState(let name): name.map { "Loading save point \($0)" } ?? "Loading the newest save point"
        case .journalNote(let note): Self.noteText(note.action)
        }
    }

    /// What the operation did, given its result.
    /// What an operation did, in words for the paywall's banner.
    public func outcome(_ result: StoreOperationResult) -> String {
        switch self {
        case .addAccount(let account): return "Added account \(account.name)"
        case .approveAskToBuy(let id): return "Approved transaction \(id)"
        case .declineAskToBuy(let id): return "Declined transaction \(id)"
        case .refund(let id, let reason, let percentage):
            let share = percentage == RefundRequest.fullRefund ? "" : ", \(percentage / 1000)%"
            return "Refunded transaction \(id) (\(reason == .other ? "other" : "developer issue")\(share))"
        case .openRefundRequest(let id, let reason):
            return "Refund requested for transaction \(id) (\(reason.rawValue))"
        case .grantRefundRequest(let id, let percentage):
            return "Refund request granted for transaction \(id) (\(percentage / 1000)%)"
        case .declineRefundRequest(let id): return "Refund request declined for transaction \(id)"
        case .reverseRefund(let id): return "Refund of transaction \(id) reversed"
        case .expireSubscription(let productID): return "Expired \(productID)"
        case .forceRenewal(let productID): return "Renewed \(productID)"
        case .setAutoRenew(let isOn, _): return "Auto-renew \(isOn ? "on" : "off")"
        case .requestPriceIncreaseConsent: return "Price increase requested"
        case .respondToPriceIncrease(_, let accept):
            return accept ? "Price increase accepted" : "Price increase declined"
        case .resolveIssue(let id): return "Resolved the issue of transaction \(id)"
        case .deleteTransaction(let id): return "Deleted transaction \(id)"
        case .clearTransactions: return "Cleared all transactions"
        case .resetToDefaultState: return "Reset the store to the catalog's defaults"
        case .buyOffDevice(let productID, _):
            guard case .heldForApproval(let transaction) = result else {
                return "Bought \(productID) outside the app"
            }
            return "Bought \(productID) outside the app: waiting for approval (transaction \(transaction.id))"
        case .advanceClock(let seconds):
            let moved = "Clock advanced \(Self.durationText(seconds))"
            guard case .clock(let date) = result else { return moved }
            return "\(moved) to \(Self.clockText(date))"
        case .advanceClockPeriods(let count, _):
            let moved = "Clock advanced \(count) renewal period\(count == 1 ? "" : "s")"
            guard case .clock(let date) = result else { return moved }
            return "\(moved) to \(Self.clockText(date))"
        case .apply(let setting): return Self.outcome(of: setting)
        case .setSimulatedError(let failure, let api):
            return "\(api.rawValue): \(failure.map { "\($0)" } ?? "no simulated error")"
        case .saveState(let name):
            guard case .savePoint(let saved) = result else {
                return name.map { "Saved save point \($0)" } ?? "Saved a save point"
            }
            return "Saved save point \(saved)"
        case .loadState(let name):
            guard case .savePoint(let loaded) = result else {
                return name.map { "Loaded save point \($0)" } ?? "Loaded the newest save point"
            }
            return "Loaded save point \(loaded)"
        case .journalNote(let note): return Self.noteText(note.result)
        }
    }

    /// The paywall's first journal line: where `kiosk report --session last` starts, so a shell
    /// step taken before the paywall's own first step is in its session.
    public static let paywallOpened = StoreOperation.journalNote(.paywallOpened)
    /// The paywall's last journal line when it quits: where `kiosk report --session last` ends.
    public static let paywallClosed = StoreOperation.journalNote(.paywallClosed)

    /// A journal note's words, one line of at most 200 characters: a client's note (a StoreKit
    /// mistake's message, a change's words) is bounded before the journal keeps it.
    static func noteText(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
    }

    /// "Ask to Buy on", "Storefront DEU": what a setting change did, in words.
    static func outcome(of setting: StoreSetting) -> String {
        func flag(_ on: Bool) -> String { on ? "on" : "off" }
        switch setting {
        case .storefront(let value): return "Storefront \(value)"
        case .locale(let value): return "Locale \(value)"
        case .timeRate(let rate): return "Time rate: \(rate)"
        case .askToBuy(let on): return "Ask to Buy \(flag(on))"
        case .billingRetryOnRenewal(let on): return "Billing retry on renewal \(flag(on))"
        case .billingGracePeriod(let on): return "Billing grace period \(flag(on))"
        case .interruptedPurchases(let on): return "Interrupted purchases \(flag(on))"
        case .disableDialogs(let on): return "Dialogs \(flag(!on))"
        case .billingGracePeriodDays(let days): return "Billing grace period \(days) days"
        case .includeFinishedConsumables(let on): return "Finished consumables in history \(flag(on))"
        }
    }

    /// An amount of time in the largest unit that divides it: `30 days`, `2 hours`, `90 seconds`.
    public static func durationText(_ seconds: TimeInterval) -> String {
        let units: [(String, TimeInterval)] = [("day", 86_400), ("hour", 3_600), ("minute", 60)]
        for (name, length) in units
        where seconds >= length && seconds.truncatingRemainder(dividingBy: length) == 0 {
            let count = seconds / length
            return "\(count.formatted(.number.grouping(.never))) \(name)\(count == 1 ? "" : "s")"
        }
        // Not a whole number of any unit (a preset's move to midnight): the largest unit that
        // fits, to a tenth.
        let (name, length) = units.first { seconds >= $0.1 } ?? ("second", 1)
        let count = (seconds / length * 10).rounded() / 10
        return "\(count.formatted(.number.grouping(.never).precision(.fractionLength(0...1)))) \(name)"
            + (count == 1 ? "" : "s")
    }

    /// The store clock as `2026-05-01 14:03` (UTC).
    static func clockText(_ date: Date) -> String {
        let text = date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        return String(text.replacingOccurrences(of: "T", with: " ").prefix(16))
    }
}

/// What an operation answers.
public enum StoreOperationResult: Sendable, Hashable {
    case done
    /// The store's clock after the operation (clock advances).
    case clock(Date)
    /// The transaction the operation made (off-device purchases).
    case transaction(Transaction)
    /// The provisional transaction of a purchase made outside the app that Ask to Buy holds
    /// for approval: `approveAskToBuy` completes it, `declineAskToBuy` drops it.
    case heldForApproval(Transaction)
    /// The save point saved or loaded, by name.
    case savePoint(String)

    /// The clock, or an error naming the operation that should have answered one.
    public func clock(of operation: StoreOperation) throws(StoreError) -> Date {
        guard case .clock(let date) = self else {
            throw StoreError.backend("\(operation) answered \(self), not the clock")
        }
        return date
    }

    /// The transaction (made, or held for approval), or an error naming the operation that
    /// should have answered one.
    public func transaction(of operation: StoreOperation) throws(StoreError) -> Transaction {
        switch self {
        case .transaction(let transaction), .heldForApproval(let transaction): return transaction
        case .done, .clock, .savePoint:
            throw StoreError.backend("\(operation) answered \(self), not a transaction")
        }
    }
}
