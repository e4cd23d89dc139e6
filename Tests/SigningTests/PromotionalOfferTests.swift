import Foundation
import StoreCore
import Testing

@testable import Signing

@Suite struct PromotionalOfferTests {
    let key: ECPrivateKey
    let verifier: PromotionalOfferVerifier
    let message = PromotionalOfferMessage(
        bundleID: Fixtures.bundleID, productID: "pro.monthly", offerID: "promo.50off",
        applicationUsername: "7E3FB20B-4CDB-47CC-936D-99D65F608138")
    let now = Date(millisecondsSince1970: 1_698_148_900_000)

    init() throws {
        key = try ECPrivateKey.generate(.p256)
        verifier = PromotionalOfferVerifier(keys: ["ABC123DEFG": key.publicKey], issuerID: "issuer-1")
    }

    @Test func acceptsALegacySignatureOnceOnly() throws {
        let signature = try message.legacySignature(key: key, keyID: "ABC123DEFG", timestamp: now - 60)
        try verifier.verify(signature, for: message, now: now)
        guard case .legacy(_, let nonce, _, _) = signature else { return }
        #expect(throws: SigningError.nonceReused(nonce.lowercasedString)) {
            try verifier.verify(signature, for: message, now: now)
        }
    }

    @Test func rejectsAStaleOrForeignLegacySignature() throws {
        let old = try message.legacySignature(key: key, keyID: "ABC123DEFG", timestamp: now - 86_401)
        #expect(throws: SigningError.staleSignature(signedAt: now - 86_401, now: now, maximumAge: 86_400)) {
            try verifier.verify(old, for: message, now: now)
        }
        var otherOffer = message
        otherOffer.offerID = "promo.90off"
        let signature = try message.legacySignature(key: key, keyID: "ABC123DEFG", timestamp: now)
        #expect(throws: SigningError.signatureMismatch(what: "promotional offer")) {
            try verifier.verify(signature, for: otherOffer, now: now)
        }
        let unknown = try message.legacySignature(key: key, keyID: "ZZZ", timestamp: now)
        #expect(throws: SigningError.unknownKey(keyID: "ZZZ")) {
            try verifier.verify(unknown, for: message, now: now)
        }
    }

    @Test func acceptsAJWSSignatureOnceOnly() throws {
        let signature = try message.jwsSignature(
            key: key, keyID: "ABC123DEFG", issuerID: "issuer-1", transactionID: "2000000123456789",
            issuedAt: now)
        try verifier.verify(signature, for: message, transactionID: "2000000123456789", now: now)
        #expect(throws: SigningError.self) { try verifier.verify(signature, for: message, now: now) }
    }

    @Test func rejectsAJWSForAnotherProductOrTransaction() throws {
        var other = message
        other.productID = "pro.yearly"
        let signature = try message.jwsSignature(
            key: key, keyID: "ABC123DEFG", issuerID: "issuer-1", transactionID: "1", issuedAt: now)
        #expect(
            throws: SigningError.claimMismatch(
                claim: "productId", found: "pro.monthly", expected: "pro.yearly")
        ) {
            try verifier.verify(signature, for: other, now: now)
        }
        #expect(throws: SigningError.claimMismatch(claim: "transactionId", found: "1", expected: "2")) {
            try verifier.verify(signature, for: message, transactionID: "2", now: now)
        }
        let stale = try message.jwsSignature(
            key: key, keyID: "ABC123DEFG", issuerID: "issuer-1", issuedAt: now - 90_000)
        #expect(throws: SigningError.self) { try verifier.verify(stale, for: message, now: now) }
    }
}
