import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// A signed offer or eligibility the store refuses fails the purchase with Apple's
/// `invalidOfferSignature` only; the purchase's journal line says which claim was wrong, in
/// words a developer can act on. Each claim's wording is asserted, for both signed requests.
@Suite struct OfferSignatureRefusalTests {
    static let keyID = "KEY1"
    let key: ECPrivateKey
    let store: SimulatedStore
    let now: Date
    let bundleID: String

    init() async throws {
        key = try ECPrivateKey.generate(.p256)
        store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: .ephemeral()),
            offerChecker: PromotionalOfferChecker(
                verifier: PromotionalOfferVerifier(keys: [Self.keyID: key.publicKey])),
            frozenClock: true)
        now = try await store.now()
        bundleID = await store.identity.bundleID
    }

    /// The purchase fails with Apple's error, and its journal line's reason.
    func refusal(_ productID: String, _ options: [PurchaseOption]) async throws -> String {
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(productID, options: options)
        }
        let line = try #require(try await store.journal().last)
        let marker = "signature was refused: "
        let reason = try #require(line.result.range(of: marker), "no reason in '\(line.result)'")
        return String(line.result[reason.upperBound...].dropLast())
    }

    func promotional(
        offer: String = "promo.half", product: String = "pro.monthly", bundleID: String? = nil,
        key: ECPrivateKey? = nil, keyID: String = keyID, issuedAt: Date? = nil, nonce: UUID = UUID()
    ) throws -> PurchaseOption {
        let message = PromotionalOfferMessage(
            bundleID: bundleID ?? self.bundleID, productID: product, offerID: offer)
        let signature = try message.jwsSignature(
            key: key ?? self.key, keyID: keyID, issuerID: "issuer", nonce: nonce, issuedAt: issuedAt ?? now)
        return .promotionalOffer(id: "promo.half", signature: signature)
    }

    func eligibility(
        allow: Bool = true, product: String = "pro.monthly", bundleID: String? = nil, transactionID: String,
        key: ECPrivateKey? = nil, keyID: String = keyID, issuedAt: Date? = nil, nonce: UUID = UUID()
    ) throws -> PurchaseOption {
        let message = IntroductoryOfferEligibilityMessage(
            bundleID: bundleID ?? self.bundleID, productID: product, allowIntroductoryOffer: allow,
            transactionID: transactionID)
        return .signedIntroductoryOfferEligibility(
            compactJWS: try message.jws(
                key: key ?? self.key, keyID: keyID, issuerID: "issuer", nonce: nonce,
                issuedAt: issuedAt ?? now))
    }

    @Test func aPromotionalOfferJWSNamesTheClaimAtFault() async throws {
        #expect(
            try await refusal("pro.monthly", [promotional(offer: "promo.other")])
                == "offerIdentifier 'promo.other' is not the offer being bought ('promo.half')")
        #expect(
            try await refusal("pro.monthly", [promotional(product: "pro.annual")])
                == "productId 'pro.annual' is not the product being bought ('pro.monthly')")
        #expect(
            try await refusal("pro.monthly", [promotional(bundleID: "com.other.app")])
                == "bid 'com.other.app' is not the app's bundle ID ('\(bundleID)')")
        #expect(
            try await refusal("pro.monthly", [promotional(keyID: "NOSUCHKEY")])
                == "kid 'NOSUCHKEY' is not the catalog's key (the catalog's is 'KEY1')")
        #expect(
            try await refusal("pro.monthly", [promotional(key: try ECPrivateKey.generate(.p256))])
                == "the signature does not verify with the key its kid names: another key signed it, or the token was changed"
        )
        let old = now.addingTimeInterval(-86_401)
        #expect(
            try await refusal("pro.monthly", [promotional(issuedAt: old)])
                == "iat \(old.ISO8601Format()) expired: it is more than 24 hours before the store's clock "
                + "(\(now.ISO8601Format())); sign a new one for this purchase")
        #expect(
            try await refusal(
                "pro.monthly", [.promotionalOffer(id: "promo.half", signature: .jws("e30.e30"))]
            )
            .hasPrefix("the compact JWS is malformed ("))
        let nonce = UUID()
        _ = try await store.purchase("pro.monthly", options: [try promotional(nonce: nonce)])
        #expect(
            try await refusal("pro.annual", [try promotional(product: "pro.annual", nonce: nonce)])
                == "nonce '\(nonce.uuidString.lowercased())' was already used by an earlier purchase: "
                + "every signature needs a fresh nonce")
    }

    @Test func aLegacySignatureNamesItsOwnFields() async throws {
        let message = PromotionalOfferMessage(
            bundleID: bundleID, productID: "pro.monthly", offerID: "promo.half")
        let old = now.addingTimeInterval(-90_000)
        let stale = try message.legacySignature(key: key, keyID: Self.keyID, timestamp: old)
        #expect(
            try await refusal("pro.monthly", [.promotionalOffer(id: "promo.half", signature: stale)])
                .hasPrefix("timestamp \(old.ISO8601Format()) expired"))
        let unknown = try message.legacySignature(key: key, keyID: "ZZZ", timestamp: now)
        #expect(
            try await refusal("pro.monthly", [.promotionalOffer(id: "promo.half", signature: unknown)])
                == "keyIdentifier 'ZZZ' is not the catalog's key (the catalog's is 'KEY1')")
    }

    @Test func anIntroductoryEligibilityJWSNamesTheClaimAtFault() async throws {
        let appTransactionID = try await store.appTransaction().unsafePayloadValue.appTransactionID
        func refused(_ option: PurchaseOption) async throws -> String {
            try await refusal("pro.monthly", [option])
        }
        #expect(
            try await refused(eligibility(product: "pro.annual", transactionID: appTransactionID))
                == "productId 'pro.annual' is not the product being bought ('pro.monthly')")
        #expect(
            try await refused(eligibility(bundleID: "com.other.app", transactionID: appTransactionID))
                == "bid 'com.other.app' is not the app's bundle ID ('\(bundleID)')")
        #expect(
            try await refused(eligibility(transactionID: appTransactionID, keyID: "NOSUCHKEY"))
                == "kid 'NOSUCHKEY' is not the catalog's key (the catalog's is 'KEY1')")
        let ahead = now.addingTimeInterval(3_600)
        #expect(
            try await refused(eligibility(transactionID: appTransactionID, issuedAt: ahead))
                == "iat \(ahead.ISO8601Format()) is ahead of the store's clock (\(now.ISO8601Format())): "
                + "sign with the current time")
        #expect(
            try await refused(eligibility(transactionID: "999999"))
                == "transactionId '999999' is not a transaction of account '\(SimulatedStore.defaultAccount)' "
                + "(its app transaction ID is '\(appTransactionID)')")
        // A promotional offer's token is not an eligibility token.
        let promotionalToken = try PromotionalOfferMessage(
            bundleID: bundleID, productID: "pro.monthly", offerID: "promo.half"
        ).jwsSignature(key: key, keyID: Self.keyID, issuerID: "issuer", issuedAt: now)
        guard case .jws(let token) = promotionalToken else { return }
        #expect(
            try await refused(.signedIntroductoryOfferEligibility(compactJWS: token))
                == "aud 'promotional-offer' is not this request's audience ('introductory-offer-eligibility')"
        )
        #expect(try await store.all().isEmpty)
    }

    @Test func aNewCustomerRefusedByTheServerPaysTheFullPrice() async throws {
        let appTransactionID = try await store.appTransaction().unsafePayloadValue.appTransactionID
        #expect(try await store.isEligibleForIntroOffer(groupID: TestCatalog.group))
        let result = try await store.purchase(
            "pro.monthly", options: [try eligibility(allow: false, transactionID: appTransactionID)])
        guard case .success(let verification) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(verification.unsafePayloadValue.offer == nil)
        #expect(verification.unsafePayloadValue.price == Decimal(string: "9.99"))
    }

    @Test func aFormerSubscriberGrantedByTheServerGetsTheIntroductoryOffer() async throws {
        let basic = try await store.purchase("basic.monthly")
        guard case .success(let earlier) = basic else {
            Issue.record("expected a purchase, got \(basic)")
            return
        }
        #expect(try await store.isEligibleForIntroOffer(groupID: TestCatalog.group) == false)
        // The customer is named by a transaction of theirs.
        let transactionID = String(earlier.unsafePayloadValue.id)
        let result = try await store.purchase(
            "pro.monthly", options: [try eligibility(transactionID: transactionID)])
        guard case .success(let verification) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(verification.unsafePayloadValue.offer?.type == .introductory)
        #expect(verification.unsafePayloadValue.offer?.paymentMode == .freeTrial)
    }
}
