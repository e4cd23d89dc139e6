import Foundation
import StoreCore
import TerminalUI

/// Answers from the store: purchase results, transactions on `updates`, messages and events.
extension PaywallProgram {
    static func purchased(_ state: inout AppState, _ productID: String, _ result: PurchaseResult) -> [Effect]
    {
        let name = state.store.name(of: productID)
        let strings = state.content.strings
        switch result {
        case .success(let verification):
            let transaction = verification.unsafePayloadValue
            if case .unverified(_, let error, _) = verification {
                state.post(
                    Notice(.error, strings.format(.unverified, ["product": name, "error": "\(error)"])))
            } else {
                state.post(Notice(.success, strings.format(.purchased, ["product": name])))
            }
            return [.finish(transactionID: transaction.id), .reload]
        case .userCancelled:
            state.post(Notice(.info, strings[.purchaseCancelled]))
            return []
        case .pending:
            // The request waits for a parent: the read that follows lists it (its banner is
            // drawn from the store's records, `AppState.awaitingApproval`, not posted here).
            return [.reload]
        }
    }

    /// A transaction arrived on `updates`: approval, renewal, refund, family change. An Ask to
    /// Buy approval's banner comes from the read that follows (`AskToBuyAnswer`), which sees the
    /// request answered whichever of the two arrives first.
    static func delivered(_ state: inout AppState, _ verification: VerificationResult<Transaction>)
        -> [Effect]
    {
        let transaction = verification.unsafePayloadValue
        let name = state.store.name(of: transaction.productID)
        let strings = state.content.strings
        if case .unverified(_, let error, _) = verification {
            state.post(Notice(.error, strings.format(.unverified, ["product": name, "error": "\(error)"])))
        } else if transaction.isRevoked {
            state.post(Notice(.error, strings.format(.refunded, ["product": name])))
        }
        // The update carries the transaction itself: when the screen already shows exactly it (the
        // purchase's own reload got there first), there is nothing to read again.
        if state.store.entitlements.contains(verification) { return [.finish(transactionID: transaction.id)] }
        return [.finish(transactionID: transaction.id), .reload]
    }

    static func received(_ state: inout AppState, _ message: StoreMessage) -> [Effect] {
        let strings = state.content.strings
        switch message {
        case .priceIncreaseConsent(let productID):
            let id = state.store.records.first { $0.transaction.unsafePayloadValue.productID == productID }?
                .id
            state.post(
                Notice(
                    .warning, strings.format(.priceIncrease, ["product": state.store.name(of: productID)]),
                    hint: strings.localized(KeyMaps.paywall).hintLine(only: [
                        .acceptIncrease, .declineIncrease,
                    ]),
                    priceIncreaseTransactionID: id))
        case .billingIssue(let productID):
            state.post(
                Notice(.warning, strings.format(.billingIssue, ["product": state.store.name(of: productID)])))
        case .winBackOffer(let productID, let offerID):
            let values = ["product": state.store.name(of: productID), "offer": offerID]
            state.post(Notice(.info, strings.format(.winBack, values)))
        }
        return [.reload]
    }

    /// The Transaction Manager's events. A decline's banner comes from the read that follows,
    /// as an approval's does (`AskToBuyAnswer`).
    static func observed(_ state: inout AppState, _ event: StoreEvent) -> [Effect] {
        switch event {
        case .clockChanged(let date):
            state.store.clock = date
            return [.reload]
        case .askToBuyDeclined, .transaction, .stateChanged:
            return [.reload]
        case .message:
            // Also delivered on `messages`, which is where the banner comes from.
            return []
        }
    }

    static func restored(_ state: inout AppState, count: Int) -> [Effect] {
        state.isRestoring = false
        let strings = state.content.strings
        state.post(
            Notice(
                .success,
                count == 1 ? strings[.restoredOne] : strings.format(.restoredOther, ["n": "\(count)"])))
        return [.reload]
    }

    static func redeemed(_ state: inout AppState, code: String, _ result: PurchaseResult) -> [Effect] {
        let strings = state.content.strings
        switch result {
        case .success(let verification):
            let name = state.store.name(of: verification.unsafePayloadValue.productID)
            state.post(Notice(.success, strings.format(.redeemed, ["code": code, "product": name])))
            return [.finish(transactionID: verification.unsafePayloadValue.id), .reload]
        case .userCancelled: state.post(Notice(.info, strings[.redemptionCancelled]))
        case .pending: state.post(Notice(.pending, strings.format(.redemptionPending, ["code": code])))
        }
        return [.reload]
    }
}

extension Outcome {
    /// The banner: in the paywall's language where the customer did it (signing in from the
    /// account menu, answering a price increase with y / n); in English for a tester's tools
    /// (the Transaction Manager, presets, the screenshot key), as the Manager is.
    func text(_ strings: PaywallStrings) -> String {
        switch self {
        case .signedIn(let account): strings.format(.signedIn, ["account": account.rawValue])
        case .performed(.respondToPriceIncrease(_, let accept), _):
            strings[accept ? .increaseAccepted : .increaseDeclined]
        case .performed(let operation, let result): operation.outcome(result)
        case .presetLoaded(let name, let summary): "Loaded preset \(name): \(summary)"
        case .screenSaved(let path): "Screen saved to \(path)"
        case .retentionManaged(let words): words
        }
    }
}

extension Attempt {
    /// What failed, in the paywall's language for the attempts the customer makes, in English
    /// for a tester's (a Transaction Manager action, a preset), as the Manager is.
    func text(_ strings: PaywallStrings) -> String {
        switch self {
        case .savingScreen: "Saving the screen"
        case .effect(let effect):
            switch effect {
            case .purchase: strings[.purchaseAttempt]
            case .sync: strings[.restoreAttempt]
            case .reload: strings[.loadAttempt]
            case .redeem(let code): strings.format(.redeemAttempt, ["code": code])
            case .switchAccount(let name): strings.format(.signInAttempt, ["account": name.rawValue])
            case .readClock, .prepareSheet, .finish, .loadPreset, .control, .openCancelSheet,
                .manageRetention:
                effect.summary
            }
        }
    }
}
