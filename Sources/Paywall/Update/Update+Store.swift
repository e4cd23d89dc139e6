import Foundation
import StoreCore
import TerminalUI

/// Answers from the store: purchase results, transactions on `updates`, messages and events.
func handleStore(_ state: inout AppState, _ event: Event) -> [Effect] {
    switch event {
    case .sheetReady(let productID, let sheet, let options):
        guard let sheet else {
            // Dialogs are disabled: the sheet confirms itself.
            return [.purchase(productID: productID, options: options, confirmed: true)]
        }
        state.overlay = .sheet(sheet, options: options)
        return []
    case .purchased(let productID, let result):
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
            state.notices.removeAll { $0.pendingProductID == productID }
            state.post(
                Notice(
                    .pending, strings.format(.awaitingApproval, ["product": name]),
                    pendingProductID: productID))
            return [.reload]
        }
    case .update(let verification):
        return delivered(&state, verification)
    case .message(let message):
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
                Notice(
                    .warning, strings.format(.billingIssue, ["product": state.store.name(of: productID)])))
        case .winBackOffer(let productID, let offerID):
            let values = ["product": state.store.name(of: productID), "offer": offerID]
            state.post(Notice(.info, strings.format(.winBack, values)))
        }
        return [.reload]
    case .storeEvent(let storeEvent):
        switch storeEvent {
        case .askToBuyDeclined(_, let productID):
            state.notices.removeAll { $0.pendingProductID == productID }
            let name = state.store.name(of: productID)
            state.post(Notice(.error, state.content.strings.format(.askToBuyDeclined, ["product": name])))
            return [.reload]
        case .clockChanged(let date):
            state.store.clock = date
            return [.reload]
        case .transaction, .stateChanged:
            return [.reload]
        case .message:
            // Also delivered on `messages`, which is where the banner comes from.
            return []
        }
    case .restored(let count):
        state.isRestoring = false
        let strings = state.content.strings
        state.post(
            Notice(
                .success,
                count == 1 ? strings[.restoredOne] : strings.format(.restoredOther, ["n": "\(count)"])))
        return [.reload]
    case .redeemed(let code, let result):
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
    case .done(let text, let effect):
        state.post(Notice(.info, effect.flatMap { localizedDone($0, state.content.strings) } ?? text))
        return [.reload]
    case .failed(let what, let error, let effect):
        state.isRestoring = false
        let strings = state.content.strings
        let attempt = effect.flatMap { localizedAttempt($0, strings) } ?? what
        state.post(Notice(.error, strings.format(.failed, ["what": attempt, "error": "\(error)"])))
        return []
    default:
        return []
    }
}

/// A transaction arrived on `updates`: approval, renewal, refund, family change.
func delivered(_ state: inout AppState, _ verification: VerificationResult<Transaction>) -> [Effect] {
    let transaction = verification.unsafePayloadValue
    let name = state.store.name(of: transaction.productID)
    let strings = state.content.strings
    if case .unverified(_, let error, _) = verification {
        state.post(Notice(.error, strings.format(.unverified, ["product": name, "error": "\(error)"])))
    } else if transaction.isRevoked {
        state.post(Notice(.error, strings.format(.refunded, ["product": name])))
    } else if state.pendingProductIDs.contains(transaction.productID) {
        state.notices.removeAll { $0.pendingProductID == transaction.productID }
        state.post(Notice(.success, strings.format(.askToBuyApproved, ["product": name])))
    }
    // The update carries the transaction itself: when the screen already shows exactly it (the
    // purchase's own reload got there first), there is nothing to read again.
    if state.store.entitlements.contains(verification) { return [.finish(transactionID: transaction.id)] }
    return [.finish(transactionID: transaction.id), .reload]
}

/// What failed, in the paywall's language, for the attempts the customer makes; nil for the
/// others (a tester's action from the Transaction Manager stays English, as the Manager does).
func localizedAttempt(_ effect: Effect, _ strings: PaywallStrings) -> String? {
    switch effect {
    case .purchase: strings[.purchaseAttempt]
    case .sync: strings[.restoreAttempt]
    case .reload: strings[.loadAttempt]
    case .redeem(let code): strings.format(.redeemAttempt, ["code": code])
    case .switchAccount(let name): strings.format(.signInAttempt, ["account": name])
    default: nil
    }
}

/// A finished action's banner in the paywall's language where the customer did it (signing in
/// from the account menu, answering a price increase with y / n); nil for the Transaction
/// Manager's other outcomes, which stay English (a tester's tool).
func localizedDone(_ effect: Effect, _ strings: PaywallStrings) -> String? {
    switch effect {
    case .switchAccount(let name): strings.format(.signedIn, ["account": name])
    case .control(.respondToPriceIncrease(_, let accept)):
        strings[accept ? .increaseAccepted : .increaseDeclined]
    default: nil
    }
}
