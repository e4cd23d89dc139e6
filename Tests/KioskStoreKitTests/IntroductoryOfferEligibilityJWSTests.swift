import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Signing
import Simulator
import Testing

extension StoreKitSessionTests {
    /// `introductoryOfferEligibility(compactJWS:)` end to end: the developer's server's signed word
    /// decides the introductory offer (granted to a former subscriber, withheld from a new one);
    /// a token for another product, an expired one or one signed by another key fails the
    /// purchase with Apple's error, and the journal says which claim was wrong.
    @Suite @MainActor struct IntroductoryOfferEligibilityJWSTests {
        static let monthly = "com.kiosk.lumen.pro.monthly"
        static let annual = "com.kiosk.lumen.pro.annual"
        typealias Offers = CompactJWSOfferTests

        func token(
            _ key: ECPrivateKey, allow: Bool, product: String = monthly, transactionID: String? = nil,
            issuedAt: Date = Date()
        ) async throws -> String {
            let app = try await AppTransaction.shared.payloadValue
            return try IntroductoryOfferEligibilityMessage(
                bundleID: app.bundleID, productID: product, allowIntroductoryOffer: allow,
                transactionID: transactionID ?? app.appTransactionID
            ).jws(key: key, keyID: Offers.keyID, issuerID: "issuer", issuedAt: issuedAt)
        }

        func buy(_ id: String, eligibility token: String? = nil) async throws -> Transaction? {
            let product = try #require(try await Product.products(for: [id]).first)
            let options: Set<Product.PurchaseOption> =
                token.map { [.introductoryOfferEligibility(compactJWS: $0)] } ?? []
            guard case .success(.verified(let transaction)) = try await product.purchase(options: options)
            else { return nil }
            await transaction.finish()
            return transaction
        }

        @Test func aNewCustomerTheServerRefusesPaysTheFullPrice() async throws {
            let key = try ECPrivateKey.generate(.p256)
            let session = try Offers.sessionWithOfferKey(key)
            let transaction = try #require(
                try await buy(Self.monthly, eligibility: try await token(key, allow: false)))
            #expect(transaction.offer == nil)
            #expect(transaction.price == Decimal(string: "9.99"))
            _ = session
        }

        @Test func aFormerSubscriberTheServerAllowsGetsTheTrial() async throws {
            let key = try ECPrivateKey.generate(.p256)
            let session = try Offers.sessionWithOfferKey(key)
            let first = try #require(try await buy(Self.annual))
            #expect(first.offer?.type == .introductory)
            try session.expireSubscription(productIdentifier: Self.annual)
            let product = try #require(try await Product.products(for: [Self.monthly]).first)
            #expect(await product.subscription?.isEligibleForIntroOffer == false)
            let again = try #require(
                try await buy(
                    Self.monthly,
                    eligibility: try await token(key, allow: true, transactionID: String(first.id))))
            #expect(again.offer?.type == .introductory)
        }

        @Test func aWrongEligibilityFailsAndTheJournalNamesTheClaim() async throws {
            let key = try ECPrivateKey.generate(.p256)
            let session = try Offers.sessionWithOfferKey(key)
            let cases: [(String, String)] = [
                (
                    try await token(key, allow: true, product: Self.annual),
                    "productId '\(Self.annual)' is not the product being bought"
                ),
                (
                    try await token(key, allow: true, issuedAt: Date().addingTimeInterval(-2 * 86_400)),
                    "expired"
                ),
                (
                    try await token(try ECPrivateKey.generate(.p256), allow: true),
                    "the signature does not verify"
                ),
                ("e30.e30.c2ln", "alg is missing (it must be ES256)"),
            ]
            for (token, words) in cases {
                await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                    try await buy(Self.monthly, eligibility: token)
                }
                // The newest refusal, not the newest line: an app mistake's line (bought before
                // listening) is written in its own hop and may land after the purchase's.
                let line = try #require(
                    try await session.simulator.journal().last {
                        $0.result.contains("introductory offer eligibility signature was refused: ")
                    })
                #expect(line.result.contains(words), "\(line.result)")
            }
            #expect(session.allTransactions().isEmpty)
        }
    }
}
