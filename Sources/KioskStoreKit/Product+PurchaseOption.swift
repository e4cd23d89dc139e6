import Foundation
import StoreCore

extension Product {
    /// An option of a purchase, as StoreKit's `Product.PurchaseOption` (the testing-only ones
    /// of StoreKitTest included).
    public struct PurchaseOption: Hashable, Sendable {
        /// What the store is asked for; nil for the options only the app's side keeps
        /// (`custom(key:value:)`, `onStorefrontChange`).
        let option: CorePurchaseOption?
        let appSide: AppSideOption?
        /// Options are handed to the store in a stable order, so a purchase is the same request
        /// however the `Set` iterates.
        let order: String

        init(_ option: CorePurchaseOption) {
            self.option = option
            appSide = nil
            order = "\(option)"
        }

        init(appSide: AppSideOption) {
            option = nil
            self.appSide = appSide
            order = "\(appSide)"
        }

        public static func appAccountToken(_ token: UUID) -> PurchaseOption {
            PurchaseOption(.appAccountToken(token))
        }
        public static func quantity(_ quantity: Int) -> PurchaseOption { PurchaseOption(.quantity(quantity)) }
        /// A promotional offer with a signature from the developer's server.
        public static func promotionalOffer(
            offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
        ) -> PurchaseOption {
            PurchaseOption(
                .promotionalOffer(
                    id: offerID,
                    signature: .legacy(
                        keyID: keyID, nonce: nonce, timestamp: Int64(timestamp),
                        signature: signature.base64EncodedString())))
        }
        public static func promotionalOffer(offerID: String, signature: SubscriptionOffer.Signature)
            -> PurchaseOption
        {
            promotionalOffer(
                offerID: offerID, keyID: signature.keyID, nonce: signature.nonce,
                signature: signature.signature,
                timestamp: signature.timestamp)
        }
        /// A promotional offer signed by the developer's in-app purchase key as a compact JWS.
        /// The store checks it as the App Store does (the key, `aud`, `bid`, `productId`,
        /// `offerIdentifier`, a fresh `iat` and an unused `nonce`); a wrong one fails the
        /// purchase with `Product.PurchaseError.invalidOfferSignature`.
        public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [PurchaseOption] {
            [PurchaseOption(.promotionalOffer(id: offerID, signature: .jws(compactJWS)))]
        }
        /// The customer's eligibility for the introductory offer, as the developer's server signs it:
        /// a compact JWS (`aud` "introductory-offer-eligibility") signed by the in-app purchase key,
        /// with `productId`, `allowIntroductoryOffer` and a `transactionId` of the customer's. The
        /// store checks it as the App Store does (the key, `aud`, `bid`, `productId`, a fresh `iat`,
        /// an unused `nonce`, the transaction the buyer's) and then applies the introductory offer
        /// when it allows it and charges the full price when it does not; a wrong one fails the
        /// purchase with `Product.PurchaseError.invalidOfferSignature`, and the purchase's journal
        /// line names the claim at fault.
        ///
        /// Apple: `@backDeployed(before: iOS 18.4, macOS 15.4, tvOS 18.4, watchOS 11.4, visionOS 2.4)
        /// static func introductoryOfferEligibility(compactJWS: String) -> Product.PurchaseOption`
        /// https://developer.apple.com/documentation/storekit/product/purchaseoption/introductoryoffereligibility(compactjws:)
        public static func introductoryOfferEligibility(compactJWS: String) -> PurchaseOption {
            PurchaseOption(.signedIntroductoryOfferEligibility(compactJWS: compactJWS))
        }
        /// A promotional offer without a signature (StoreKitTest's testing option).
        public static func promotionalOffer(id: String) -> PurchaseOption {
            PurchaseOption(.promotionalOffer(id: id, signature: nil))
        }
        public static func winBackOffer(_ offer: SubscriptionOffer) -> PurchaseOption {
            PurchaseOption(.winBackOffer(id: offer.id ?? ""))
        }
        /// An offer code by its reference name (StoreKitTest's testing option).
        public static func codeOffer(referenceName: String) -> PurchaseOption {
            PurchaseOption(.codeOffer(referenceName: referenceName))
        }
        public static func simulatesAskToBuyInSandbox(_ simulatesAskToBuy: Bool) -> PurchaseOption {
            PurchaseOption(.simulatesAskToBuy(simulatesAskToBuy))
        }
        /// A purchase backdated to `date` (StoreKitTest's testing option).
        public static func purchaseDate(
            _ date: Date, renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow
        )
            -> PurchaseOption
        {
            PurchaseOption(.purchaseDate(date, renewalBehavior: renewalBehavior.core))
        }

        /// What a backdated subscription does up to now.
        public struct SubscriptionRenewalBehavior: Hashable, Sendable {
            let core: CorePurchaseOption.RenewalBehavior
            public static let renewUntilNow = SubscriptionRenewalBehavior(core: .renewUntilNow)
            public static let cancelImmediately = SubscriptionRenewalBehavior(core: .cancelImmediately)
        }

        /// Kiosk's earlier name of `SubscriptionRenewalBehavior`.
        public typealias RenewalBehavior = SubscriptionRenewalBehavior
    }
}
