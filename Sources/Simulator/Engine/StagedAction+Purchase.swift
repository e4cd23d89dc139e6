import Foundation
import Signing
import StoreCore

/// Where a purchase comes from: the app (payment sheet, interrupted purchases) or outside it
/// (Xcode's "+", `SKTestSession.buyProduct`), which reaches the app through `updates`. Ask to
/// Buy holds both.
enum PurchaseOrigin {
    case app
    case offDevice
}

/// What a purchase led to, by transaction ID.
enum PurchaseOutcome: Equatable {
    case purchased(UInt64)
    case pending(UInt64)
}

extension StagedAction {
    /// The app's purchase, its payment sheet answered (`confirmed`). A key used before answers
    /// as its first purchase did: checked here, on the action that commits the purchase, so two
    /// purchases with one key never both buy.
    mutating func purchase(
        _ productID: String, options: [PurchaseOption], confirmed: Bool, account: AccountName,
        checker: (any OfferSignatureChecking)?
    ) throws(StoreError) -> RequestFollowUp {
        try meta.checkSimulatedError(.purchase)
        let request = try PurchaseRequest(productID: productID, options: options)
        if let key = request.idempotencyKey,
            let earlier = base.idempotency(IdempotencyKey(account: account, key: key))
        {
            return .replay(earlier, request)
        }
        // With dialogs disabled there is no sheet to cancel: the purchase confirms itself.
        guard confirmed || settings.disableDialogs else { return .cancelled }
        let outcome = try purchase(request, account: account, origin: .app, checker: checker)
        let (id, answer, recorded): (UInt64, RequestFollowUp, IdempotencyRecord.Outcome) =
            switch outcome {
            case .purchased(let id): (id, .purchased(id), .success)
            case .pending(let id): (id, .pending(id), .pending)
            }
        if let key = request.idempotencyKey {
            let token = request.appAccountToken.map(IdempotencyRecord.RequestedToken.token) ?? .absent
            record(
                IdempotencyRecord(
                    account: account, key: key, transactionID: id, outcome: recorded, requestedToken: token))
        }
        return answer
    }

    /// Runs a purchase through the store's rules: quantity, ownership, offers, Ask to Buy,
    /// interrupted purchases; completes it when nothing defers it.
    mutating func purchase(
        _ request: PurchaseRequest, account: AccountName, origin: PurchaseOrigin,
        checker: (any OfferSignatureChecking)?
    ) throws(StoreError) -> PurchaseOutcome {
        let product = try product(request.productID, for: account)
        let maximum = product.type == .consumable ? 10 : 1
        guard (1...maximum).contains(request.quantity) else { throw StoreError.purchase(.invalidQuantity) }
        if let date = request.purchaseDate, date > now {
            throw StoreError.invalidArgument("a backdated purchase date must not be in the future (\(date))")
        }
        // Buying a non-consumable again restores it for free, as the App Store offers to.
        if product.type == .nonConsumable,
            let owned = transactions(of: account).last(where: {
                $0.isVisible && $0.transaction.productID == product.id && !$0.transaction.isRevoked
            })
        {
            return .purchased(owned.id)
        }
        let offer = try resolveOffer(for: request, product: product, account: account, checker: checker)
        let pending = PendingPurchase(
            productID: product.id, quantity: request.quantity, appAccountToken: request.appAccountToken,
            offer: offer.map(AppliedOffer.init), billingPlanType: request.billingPlanType,
            purchaseDate: request.purchaseDate, renewalBehavior: request.renewalBehavior)
        // Ask to Buy is the account's: a purchase made outside the app waits for approval too
        // ("Enabling this property causes all purchases to require approval",
        // developer.apple.com/documentation/storekittest/sktestsession/asktobuyenabled).
        if request.simulatesAskToBuy ?? settings.askToBuyEnabled {
            return .pending(
                try holdForLater(pending, product: product, account: account, phase: .pendingApproval))
        }
        // An interrupted purchase is the app's payment sheet's: outside the app there is none.
        if origin == .app, settings.interruptedPurchasesEnabled {
            return .pending(
                try holdForLater(pending, product: product, account: account, phase: .interrupted))
        }
        let transaction = try complete(pending, account: account, announce: origin == .offDevice)
        return .purchased(transaction.id)
    }

    /// Keeps a purchase waiting (Ask to Buy, interrupted) with a provisional transaction the
    /// Transaction Manager can show; the app sees nothing of it but `.pending`.
    private mutating func holdForLater(
        _ pending: PendingPurchase, product: Product, account: AccountName, phase: StoredTransaction.Phase
    ) throws(StoreError) -> UInt64 {
        let provisional = try newTransaction(
            account: account, product: product, purchaseDate: now, quantity: pending.quantity,
            appAccountToken: pending.appAccountToken, offer: pending.offer, price: product.price)
        putUnsigned(
            StoredTransaction(
                transaction: provisional, account: account, phase: phase, isFinished: false,
                pendingPurchase: pending))
        announce(.event(account: account, .stateChanged))
        return provisional.id
    }

    /// Completes a purchase at its (possibly backdated) date and records its notification.
    /// - Parameter reusedID: the provisional ID of an approved or resolved purchase.
    mutating func complete(
        _ pending: PendingPurchase, account: AccountName, announce: Bool, reusing reusedID: UInt64? = nil
    ) throws(StoreError) -> Transaction {
        let product = try product(pending.productID, for: account)
        let date = pending.purchaseDate ?? now
        if product.type == .autoRenewable {
            return try completeSubscription(
                pending, product: product, account: account, at: date, announce: announce, reusing: reusedID)
        }
        let transaction = try newTransaction(
            account: account, product: product, purchaseDate: date, quantity: pending.quantity,
            appAccountToken: pending.appAccountToken, price: product.price, reusing: reusedID)
        try deliver(transaction, account: account, announce: announce)
        notify(.oneTimeCharge, account: account, transaction: transaction)
        try shareWithFamily(transaction, purchaser: account)
        return transaction
    }
}
