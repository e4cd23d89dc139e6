import Foundation
import StoreCore

/// What the store lends an action beyond the state it stages on.
struct ActionContext {
    /// The account the call acts for (`SimulatedStore.activeAccount`).
    let account: AccountName
    /// The wall clock, read when a setting or an advance rebases the store's clock on it.
    let wallClock: @Sendable () -> Date
    /// Checks the signatures of promotional offers (nil: any signature is accepted).
    let offerChecker: (any OfferSignatureChecking)?
}

/// What a tester's operation leaves the store to do once its action is committed: the actor's
/// part, which no action can do (reading back, catching up, timers, the ledger's files).
enum OperationFollowUp {
    case done
    /// A purchase made outside the app, answered with its transaction (provisional while Ask
    /// to Buy holds it for approval).
    case boughtOffDevice(Transaction, pendingApproval: Bool)
    /// The clock moved: what came due runs, and every watcher hears the new time.
    case clockAdvanced(JournalWords)
    /// An advance by periods found nothing more to happen: the clock stays where it is.
    case clockStays
    /// The settings changed: the products' locale follows, and the timer when `restartsClock`.
    case settingsChanged(restartsClock: Bool)
    /// A save point to write or load: the ledger's files, outside any action.
    case saveState(String?)
    case loadState(String?)

    /// The journal's words for the committed action (nil: the operation's own outcome).
    var journalWords: String? {
        switch self {
        case .boughtOffDevice(let transaction, let pending):
            // The words of the same outcome of a purchase from the app.
            (pending ? RequestFollowUp.pending(transaction.id) : .purchased(transaction.id)).journalWords
        case .clockAdvanced(let words): words.text
        case .done, .clockStays, .settingsChanged, .saveState, .loadState: nil
        }
    }
}

/// What an app's request leaves the store to do once its action is committed: read its
/// transaction back, signed, or answer as an earlier purchase did.
enum RequestFollowUp {
    case done
    case purchased(UInt64)
    case pending(UInt64)
    case cancelled
    /// An earlier purchase with the request's idempotency key answers (after checking the
    /// request is the same one).
    case replay(IdempotencyRecord, PurchaseRequest)
    case redeemed(UInt64)
    case refundRequested

    /// The journal's words for the committed action (nil: the request's own outcome).
    var journalWords: String? {
        switch self {
        case .purchased(let id): "purchased \(id)"
        case .pending(let id): "pending approval (\(id))"
        case .redeemed(let id): "transaction \(id)"
        case .done, .cancelled, .replay, .refundRequested: nil
        }
    }
}

/// The one interpreter of both vocabularies: each operation and request is staged here, on the
/// action the store commits in one SQLite transaction (`SimulatedStore.runAction`), and says
/// what the store does after (`SimulatedStore+Perform`).
extension StagedAction {
    mutating func perform(_ operation: StoreOperation, _ context: ActionContext) throws(StoreError)
        -> OperationFollowUp
    {
        let account = context.account
        switch operation {
        case .addAccount(let new): try addAccount(new)
        case .approveAskToBuy(let id): try approveAskToBuy(id, account: account)
        case .declineAskToBuy(let id): try declineAskToBuy(id, account: account)
        case .refund(let id, let reason, let percentage):
            try refund(id, reason: reason, percentage: percentage, account: account)
        case .openRefundRequest(let id, let reason):
            try openRefundRequest(id, reason: reason, account: account)
        case .grantRefundRequest(let id, let percentage):
            try grantRefundRequest(id, percentage: percentage, account: account)
        case .declineRefundRequest(let id): try declineRefundRequest(id, account: account)
        case .reverseRefund(let id): try reverseRefund(id, account: account)
        case .expireSubscription(let productID):
            try expireSubscription(productID: productID, account: account)
        case .forceRenewal(let productID): try forceRenewal(productID: productID, account: account)
        case .setAutoRenew(let isOn, let id): try setAutoRenew(isOn, transactionID: id, account: account)
        case .requestPriceIncreaseConsent(let id):
            try requestPriceIncreaseConsent(transactionID: id, account: account)
        case .respondToPriceIncrease(let id, let accept):
            try respondToPriceIncrease(transactionID: id, accept: accept, account: account)
        case .resolveIssue(let id): try resolveIssue(id, account: account)
        case .deleteTransaction(let id): try deleteTransaction(id, account: account)
        case .clearTransactions: try clearTransactions(account: account)
        case .resetToDefaultState:
            resetToDefaultState(keeping: account, wall: context.wallClock())
            return .settingsChanged(restartsClock: false)
        case .buyOffDevice(let productID, let options):
            let bought = try buyOffDevice(
                productID, options: options, account: account, checker: context.offerChecker)
            return .boughtOffDevice(bought.transaction, pendingApproval: bought.pendingApproval)
        case .advanceClock(let seconds):
            return .clockAdvanced(try advanceClock(by: seconds, wall: context.wallClock))
        case .advanceClockPeriods(let count, let groupID):
            let words = try advanceClock(
                periods: count, groupID: groupID, account: account, wall: context.wallClock)
            return words.map(OperationFollowUp.clockAdvanced) ?? .clockStays
        case .apply(let setting):
            try apply(setting, account: account, wall: context.wallClock)
            return .settingsChanged(restartsClock: true)
        case .setSimulatedError(let failure, let api): try setSimulatedError(failure, for: api)
        case .saveState(let name): return .saveState(name)
        case .loadState(let name): return .loadState(name)
        // Changes nothing: `journaled` writes its line, with the caller's screen and picture.
        case .journalNote: break
        }
        return .done
    }

    mutating func perform(_ request: StoreRequest, _ context: ActionContext) throws(StoreError)
        -> RequestFollowUp
    {
        let account = context.account
        switch request {
        case .purchase(let productID, let options, let confirmed):
            return try purchase(
                productID, options: options, confirmed: confirmed, account: account,
                checker: context.offerChecker)
        case .finish(let id): try finish(id, account: account)
        // Everything due by now has run before this action (`runAction`): that is the restore.
        case .sync: try meta.checkSimulatedError(.appStoreSync)
        case .redeemOfferCode(let code):
            try meta.checkSimulatedError(.offerCodeRedeem)
            return .redeemed(try redeem(code: code, account: account))
        case .requestRefund(let id, let reason):
            try meta.checkSimulatedError(.refundRequest)
            try refund(id, reason: reason, account: account)
            return .refundRequested
        case .showManageSubscriptions: try meta.checkSimulatedError(.manageSubscriptions)
        case .retentionMessage:
            // It calls the developer's endpoint, which no staged action may wait for:
            // `SimulatedStore.perform` answers it (SimulatedStore+RetentionSheet.swift).
            throw StoreError.backend("a cancel sheet is answered by the store, never staged")
        }
        return .done
    }
}
