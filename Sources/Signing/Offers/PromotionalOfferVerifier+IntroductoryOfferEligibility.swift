import Foundation

extension PromotionalOfferVerifier {
    /// Accepts an introductory offer eligibility JWS for a purchase of `productID` in the app
    /// `bundleID`, or throws why not, checking what the App Store checks: the signature by the
    /// in-app purchase key its `kid` names, `aud`, `bid`, `productId`, `iss` (when this verifier
    /// knows the issuer), `allowIntroductoryOffer` and `transactionId` present, an `iat` no older
    /// than `maximumAge`, and a `nonce` never used before (spent only when everything else passed).
    /// https://developer.apple.com/documentation/storekit/product/purchaseoption/introductoryoffereligibility(compactjws:)
    public func verifyIntroductoryOfferEligibility(
        _ token: String, bundleID: String, productID: String, now: Date = Date()
    ) throws(SigningError) -> IntroductoryOfferEligibility {
        let (_, claims) = try JWT.verify(
            token, as: IntroductoryOfferEligibilityClaims.self, what: "introductory offer eligibility",
            key: { keys[$0] })
        try JWT.require("aud", claims.aud, equals: IntroductoryOfferEligibilityClaims.audience)
        try JWT.require("bid", claims.bid, equals: bundleID)
        try JWT.require("productId", claims.productId, equals: productID)
        if let issuerID { try JWT.require("iss", claims.iss, equals: issuerID) }
        guard let allow = claims.allowIntroductoryOffer else {
            throw .claimMismatch(claim: "allowIntroductoryOffer", found: nil, expected: "true or false")
        }
        guard let transactionID = claims.transactionId, !transactionID.isEmpty else {
            throw .claimMismatch(
                claim: "transactionId", found: nil, expected: "a transaction of the customer")
        }
        guard let iat = claims.iat else {
            throw .claimMismatch(claim: "iat", found: nil, expected: "a recent time")
        }
        let signedAt = Date(timeIntervalSince1970: TimeInterval(iat))
        try checkFreshness(signedAt, now: now)
        guard let nonce = claims.nonce?.lowercased(), !nonce.isEmpty else {
            throw .claimMismatch(claim: "nonce", found: nil, expected: "a fresh UUID")
        }
        try spend(nonce, signedAt: signedAt, now: now)
        return IntroductoryOfferEligibility(
            allowIntroductoryOffer: allow, transactionID: transactionID, nonce: nonce)
    }
}
