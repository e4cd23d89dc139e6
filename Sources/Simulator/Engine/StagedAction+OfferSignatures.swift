import Foundation
import Signing
import StoreCore

/// The checks of what the developer's server signed for a purchase. A refusal fails the purchase
/// with Apple's `invalidOfferSignature` and nothing more; why (the claim at fault) goes to the
/// purchase's journal line.
extension StagedAction {
    mutating func checkSignature(
        _ signature: PromotionalOfferSignature, offerID: String, product: Product, account: AccountName,
        request: PurchaseRequest, checker: (any OfferSignatureChecking)?
    ) throws(StoreError) {
        let signed = "promotional offer '\(offerID)'"
        let nonce = try Self.checked(signed, by: checker) { checker throws(OfferSignatureRefusal) in
            try checker.check(
                signature, bundleID: identity.bundleID, productID: product.id, offerID: offerID,
                appAccountToken: request.appAccountToken, now: now
            ).lowercased()
        }
        try spendNonce(nonce, account: account, signed: signed)
    }

    /// The `allowIntroductoryOffer` of a verified introductory offer eligibility JWS whose
    /// `transactionId` is one of the buyer's (a transaction, its original, or the app
    /// transaction's ID), its nonce spent.
    mutating func checkIntroductoryEligibility(
        _ token: String, product: Product, account: AccountName, checker: (any OfferSignatureChecking)?
    ) throws(StoreError) -> Bool {
        let signed = "introductory offer eligibility"
        let eligibility = try Self.checked(signed, by: checker) { checker throws(OfferSignatureRefusal) in
            try checker.checkIntroductoryOfferEligibility(
                token, bundleID: identity.bundleID, productID: product.id, now: now)
        }
        let record = try requireAccount(account)
        let own = transactions(of: account).flatMap { [String($0.id), String($0.transaction.originalID)] }
        guard eligibility.transactionID == record.appTransactionID || own.contains(eligibility.transactionID)
        else {
            throw Self.refuse(
                OfferSignatureRefusal(
                    signed: signed,
                    reason:
                        "transactionId '\(eligibility.transactionID)' is not a transaction of account '\(account)' "
                        + "(its app transaction ID is '\(record.appTransactionID)')"))
        }
        try spendNonce(eligibility.nonce, account: account, signed: signed)
        return eligibility.allowIntroductoryOffer
    }

    /// A nonce is good for one purchase, across restarts (the account keeps the spent ones).
    private mutating func spendNonce(_ nonce: String, account: AccountName, signed: String) throws(StoreError)
    {
        var record = try requireAccount(account)
        guard record.usedOfferNonces.insert(nonce).inserted else {
            throw Self.refuse(
                OfferSignatureRefusal(signed: signed, reason: OfferSignatureRefusal.reusedNonce(nonce)))
        }
        put(record)
    }

    /// `check`'s answer, or Apple's error with the refusal journaled; a store made without a
    /// checker trusts no key.
    private static func checked<T>(
        _ signed: String, by checker: (any OfferSignatureChecking)?,
        _ check: (any OfferSignatureChecking) throws(OfferSignatureRefusal) -> T
    ) throws(StoreError) -> T {
        guard let checker else {
            throw refuse(
                OfferSignatureRefusal(
                    signed: signed,
                    reason: "this store was made without an offer checker, so it trusts no key"))
        }
        do {
            return try check(checker)
        } catch {
            throw refuse(error)
        }
    }

    /// Apple's error for the app; the reason for the purchase's journal line.
    private static func refuse(_ refusal: OfferSignatureRefusal) -> StoreError {
        SimulatedStore.journalScope?.note(refusal.description)
        return StoreError.purchase(.invalidOfferSignature)
    }
}
