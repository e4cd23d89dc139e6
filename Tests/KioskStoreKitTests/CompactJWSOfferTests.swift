import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Signing
import TestSupport
import Testing

import enum StoreCore.PromotionalOfferSignature

extension StoreKitSessionTests {
    /// `promotionalOffer(_:compactJWS:)` end to end: a JWS the developer's server signs with the
    /// catalog's in-app purchase key applies the offer; one for another offer, an expired one, a
    /// reused one or one signed by another key fails the purchase with Apple's error.
    @Suite @MainActor struct CompactJWSOfferTests {
        static let product = "com.kiosk.lumen.ultimate.monthly"
        static let offer = "com.kiosk.lumen.ultimate.tryfree"
        static let keyID = "KIOSKJWS01"

        /// Lumen's catalog with an in-app purchase key, as Xcode writes `subscriptionOffersKeyPair`.
        static func sessionWithOfferKey(_ key: ECPrivateKey) throws -> SKTestSession {
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Lumen.storekit")
            var catalog = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
            let body = try key.pkcs8PEM().split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            catalog["subscriptionOffersKeyPair"] = ["id": keyID, "privateKey": body]
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("kiosk-jws-offer-\(UUID().uuidString).storekit")
            try JSONSerialization.data(withJSONObject: catalog).write(to: url)
            let session = try SKTestSession(contentsOf: url)
            session.disableDialogs = true
            return session
        }

        func jws(
            _ key: ECPrivateKey, offer: String = offer, keyID: String = keyID, issuedAt: Date = Date()
        ) async throws -> String {
            let bundleID = try await AppTransaction.shared.payloadValue.bundleID
            let message = PromotionalOfferMessage(bundleID: bundleID, productID: Self.product, offerID: offer)
            guard
                case .jws(let token) = try message.jwsSignature(
                    key: key, keyID: keyID, issuerID: "issuer", issuedAt: issuedAt)
            else { throw KioskStoreError("jwsSignature made no JWS") }
            return token
        }

        func buy(with token: String) async throws -> Transaction? {
            let product = try #require(try await Product.products(for: [Self.product]).first)
            let options = Product.PurchaseOption.promotionalOffer(Self.offer, compactJWS: token)
            guard
                case .success(.verified(let transaction)) = try await product.purchase(options: Set(options))
            else {
                return nil
            }
            await transaction.finish()
            return transaction
        }

        @Test func aSignedJWSAppliesTheOfferOnce() async throws {
            let key = try ECPrivateKey.generate(.p256)
            let session = try Self.sessionWithOfferKey(key)
            let token = try await jws(key)
            let transaction = try #require(try await buy(with: token))
            #expect(transaction.offer?.type == .promotional)
            #expect(transaction.offer?.id == Self.offer)
            // A JWS's nonce is spent by its purchase.
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) { try await buy(with: token) }
            _ = session
        }

        @Test func aWrongExpiredOrForeignJWSFails() async throws {
            let key = try ECPrivateKey.generate(.p256)
            let session = try Self.sessionWithOfferKey(key)
            let forOtherOffer = try await jws(key, offer: "com.kiosk.lumen.pro.comeback50")
            let expired = try await jws(key, issuedAt: Date().addingTimeInterval(-2 * 86_400))
            let foreign = try await jws(try ECPrivateKey.generate(.p256))
            let unknownKey = try await jws(key, keyID: "NOSUCHKEY")
            for token in [forOtherOffer, expired, foreign, unknownKey, "e30.e30.c2ln"] {
                await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                    try await buy(with: token)
                }
            }
            #expect(session.allTransactions().isEmpty)
        }
    }
}
