import Foundation
import StoreCore
import Testing

@testable import Signing

/// The introductory offer eligibility JWS is checked as the App Store checks it: the in-app
/// purchase key, `aud`, `bid`, `productId`, `iss`, the feature's own claims present, a fresh
/// `iat` and an unused `nonce`; each refusal is the claim's own error.
@Suite struct IntroductoryOfferEligibilityTests {
    static let keyID = "ABC123DEFG"
    let key: ECPrivateKey
    let verifier: PromotionalOfferVerifier
    let message = IntroductoryOfferEligibilityMessage(
        bundleID: Fixtures.bundleID, productID: "pro.monthly", allowIntroductoryOffer: false,
        transactionID: "2000000123456789")
    let now = Date(millisecondsSince1970: 1_698_148_900_000)

    init() throws {
        key = try ECPrivateKey.generate(.p256)
        verifier = PromotionalOfferVerifier(keys: [Self.keyID: key.publicKey], issuerID: "issuer-1")
    }

    func verify(_ token: String, productID: String = "pro.monthly") throws(SigningError)
        -> IntroductoryOfferEligibility
    {
        try verifier.verifyIntroductoryOfferEligibility(
            token, bundleID: Fixtures.bundleID, productID: productID, now: now)
    }

    /// Claims as a careless server might write them.
    func signed(_ edit: (inout IntroductoryOfferEligibilityClaims) -> Void) throws -> String {
        var claims = IntroductoryOfferEligibilityClaims(
            bid: Fixtures.bundleID, iss: "issuer-1", aud: IntroductoryOfferEligibilityClaims.audience,
            iat: Int64(now.timeIntervalSince1970), nonce: UUID().uuidString.lowercased(),
            productId: "pro.monthly", allowIntroductoryOffer: true, transactionId: "1")
        edit(&claims)
        return try JWT.sign(claims: claims, keyID: Self.keyID, key: key)
    }

    @Test func acceptsATokenOnceAndSaysWhatItAllows() throws {
        let token = try message.jws(key: key, keyID: Self.keyID, issuerID: "issuer-1", issuedAt: now)
        let eligibility = try verify(token)
        #expect(eligibility.allowIntroductoryOffer == false)
        #expect(eligibility.transactionID == "2000000123456789")
        #expect(throws: SigningError.nonceReused(eligibility.nonce)) { try verify(token) }
    }

    @Test func refusesEachWrongClaimByName() throws {
        let token = try message.jws(key: key, keyID: Self.keyID, issuerID: "issuer-1", issuedAt: now)
        #expect(
            throws: SigningError.claimMismatch(
                claim: "productId", found: "pro.monthly", expected: "pro.annual")
        ) { try verify(token, productID: "pro.annual") }
        #expect(
            throws: SigningError.claimMismatch(
                claim: "aud", found: "promotional-offer", expected: "introductory-offer-eligibility")
        ) { try verify(try signed { $0.aud = "promotional-offer" }) }
        #expect(
            throws: SigningError.claimMismatch(claim: "bid", found: "com.other", expected: Fixtures.bundleID)
        ) {
            try verify(try signed { $0.bid = "com.other" })
        }
        #expect(throws: SigningError.claimMismatch(claim: "iss", found: "someone", expected: "issuer-1")) {
            try verify(try signed { $0.iss = "someone" })
        }
        #expect(
            throws: SigningError.claimMismatch(
                claim: "allowIntroductoryOffer", found: nil, expected: "true or false")
        ) { try verify(try signed { $0.allowIntroductoryOffer = nil }) }
        #expect(
            throws: SigningError.claimMismatch(
                claim: "transactionId", found: nil, expected: "a transaction of the customer")
        ) { try verify(try signed { $0.transactionId = nil }) }
        #expect(throws: SigningError.claimMismatch(claim: "nonce", found: nil, expected: "a fresh UUID")) {
            try verify(try signed { $0.nonce = nil })
        }
        let stale = now - 86_401
        #expect(throws: SigningError.staleSignature(signedAt: stale, now: now, maximumAge: 86_400)) {
            try verify(try signed { $0.iat = Int64(stale.timeIntervalSince1970) })
        }
        let foreign = try message.jws(
            key: try ECPrivateKey.generate(.p256), keyID: Self.keyID, issuerID: "issuer-1")
        #expect(throws: SigningError.signatureMismatch(what: "introductory offer eligibility")) {
            try verify(foreign)
        }
        let unknown = try message.jws(key: key, keyID: "ZZZ", issuerID: "issuer-1", issuedAt: now)
        #expect(throws: SigningError.unknownKey(keyID: "ZZZ")) { try verify(unknown) }
    }
}
