import Foundation

/// What an introductory offer eligibility JWS covers, and how to make one (the simulator and
/// tests play the developer's server with it): an ES256 JWT signed by the in-app purchase key,
/// `aud` "introductory-offer-eligibility", with the base claims (`iss`, `iat`, `bid`, `nonce`)
/// and the feature's own: `productId`, `allowIntroductoryOffer` and `transactionId` (any
/// transaction of the customer, the app transaction's ID included), exactly what Apple's
/// `IntroductoryOfferEligibilitySignatureCreator` makes.
/// https://developer.apple.com/documentation/storekit/generating-jws-to-sign-app-store-requests
public struct IntroductoryOfferEligibilityMessage: Sendable, Hashable {
    public var bundleID: String
    public var productID: String
    /// Whether the customer may have the introductory offer with this purchase.
    public var allowIntroductoryOffer: Bool
    /// A transaction of the customer's (the app transaction's ID will do).
    public var transactionID: String

    public init(bundleID: String, productID: String, allowIntroductoryOffer: Bool, transactionID: String) {
        self.bundleID = bundleID
        self.productID = productID
        self.allowIntroductoryOffer = allowIntroductoryOffer
        self.transactionID = transactionID
    }

    /// The compact JWS, as the developer's server would make it.
    public func jws(
        key: ECPrivateKey, keyID: String, issuerID: String, nonce: UUID = UUID(), issuedAt: Date = Date()
    ) throws(SigningError) -> String {
        let claims = IntroductoryOfferEligibilityClaims(
            bid: bundleID, iss: issuerID, aud: IntroductoryOfferEligibilityClaims.audience,
            iat: Int64(issuedAt.timeIntervalSince1970), nonce: nonce.lowercasedString, productId: productID,
            allowIntroductoryOffer: allowIntroductoryOffer, transactionId: transactionID)
        return try JWT.sign(claims: claims, keyID: keyID, key: key)
    }
}

/// The claims of an introductory offer eligibility JWS.
struct IntroductoryOfferEligibilityClaims: Codable {
    static let audience = "introductory-offer-eligibility"

    var bid: String?
    var iss: String?
    var aud: String?
    var iat: Int64?
    var nonce: String?
    var productId: String?
    var allowIntroductoryOffer: Bool?
    var transactionId: String?
}

/// What a verified introductory offer eligibility JWS says.
public struct IntroductoryOfferEligibility: Sendable, Hashable {
    /// The developer's word: the introductory offer applies (true) or the full price does.
    public var allowIntroductoryOffer: Bool
    /// The customer's transaction the token names; the store checks it is the buyer's.
    public var transactionID: String
    /// The token's one-time nonce, lower case (spent by the verifier).
    public var nonce: String
}
