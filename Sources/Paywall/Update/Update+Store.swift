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
        switch result {
        case .success(let verification):
            let transaction = verification.unsafePayloadValue
            if case .unverified(_, let error, _) = verification {
                state.post(Notice(.error, "Unverified transaction for \(name): \(error)"))
            } else {
                state.post(Notice(.success, "Purchased \(name)"))
            }
            return [.finish(transactionID: transaction.id), .reload]
        case .userCancelled:
            state.post(Notice(.info, "Purchase cancelled"))
            return []
        case .pending:
            state.notices.removeAll { $0.pendingProductID == productID }
            state.post(
                Notice(.pending, "Waiting for approval: \(name) (Ask to Buy)", pendingProductID: productID))
            return [.reload]
        }
    case .update(let verification):
        return delivered(&state, verification)
    case .message(let message):
        switch message {
        case .priceIncreaseConsent(let productID):
            let id = state.store.records.first { $0.transaction.unsafePayloadValue.productID == productID }?
                .id
            state.post(
                Notice(
                    .warning, "Price increase for \(state.store.name(of: productID)): do you accept?",
                    hint: KeyMaps.paywall.hintLine(only: [.acceptIncrease, .declineIncrease]),
                    priceIncreaseTransactionID: id))
        case .billingIssue(let productID):
            state.post(
                Notice(
                    .warning,
                    "Billing problem with \(state.store.name(of: productID)): update your payment method"))
        case .winBackOffer(let productID, let offerID):
            state.post(Notice(.info, "Win-back offer for \(state.store.name(of: productID)): \(offerID)"))
        }
        return [.reload]
    case .storeEvent(let storeEvent):
        switch storeEvent {
        case .askToBuyDeclined(_, let productID):
            state.notices.removeAll { $0.pendingProductID == productID }
            state.post(Notice(.error, "Ask to Buy declined: \(state.store.name(of: productID))"))
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
        state.post(Notice(.success, "Restored \(count) purchase\(count == 1 ? "" : "s")"))
        return [.reload]
    case .redeemed(let code, let result):
        switch result {
        case .success(let verification):
            let name = state.store.name(of: verification.unsafePayloadValue.productID)
            state.post(Notice(.success, "Redeemed \(code): \(name)"))
            return [.finish(transactionID: verification.unsafePayloadValue.id), .reload]
        case .userCancelled: state.post(Notice(.info, "Redemption cancelled"))
        case .pending: state.post(Notice(.pending, "Redemption of \(code) is pending"))
        }
        return [.reload]
    case .done(let text):
        state.post(Notice(.info, text))
        return [.reload]
    case .failed(let what, let error):
        state.isRestoring = false
        state.post(Notice(.error, "\(what) failed: \(error)"))
        return []
    default:
        return []
    }
}

/// A transaction arrived on `updates`: approval, renewal, refund, family change.
func delivered(_ state: inout AppState, _ verification: VerificationResult<Transaction>) -> [Effect] {
    let transaction = verification.unsafePayloadValue
    let name = state.store.name(of: transaction.productID)
    if case .unverified(_, let error, _) = verification {
        state.post(Notice(.error, "Unverified transaction for \(name): \(error)"))
    } else if transaction.isRevoked {
        state.post(Notice(.error, "Refunded: \(name) was revoked"))
    } else if state.pendingProductIDs.contains(transaction.productID) {
        state.notices.removeAll { $0.pendingProductID == transaction.productID }
        state.post(Notice(.success, "Ask to Buy approved: \(name) is unlocked"))
    }
    // The update carries the transaction itself: when the screen already shows exactly it (the
    // purchase's own reload got there first), there is nothing to read again.
    if state.store.entitlements.contains(verification) { return [.finish(transactionID: transaction.id)] }
    return [.finish(transactionID: transaction.id), .reload]
}
