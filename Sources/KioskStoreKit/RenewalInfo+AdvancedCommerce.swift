import Foundation
import StoreCore

// The renewal side of Advanced Commerce API subscriptions (see Transaction+AdvancedCommerce.swift):
// nil for every subscription Kiosk's store sells; read from the App Store Server API's
// `advancedCommerceRenewalInfo` when a signed renewal payload carries it.

extension Product.SubscriptionInfo.RenewalInfo {
    /// Renewal information for a subscription that uses the Advanced Commerce API: nil for
    /// ordinary subscriptions.
    /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.property
    public var advancedCommerceInfo: AdvancedCommerceInfo? {
        AdvancedCommercePayload.renewalInfo(inPayload: jsonRepresentation)
    }

    /// What an Advanced Commerce API subscription renews: its items, period and descriptors.
    /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct
    public struct AdvancedCommerceInfo: Hashable, Sendable {
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/description
        public let description: String
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/displayname
        public let displayName: String
        /// The token the developer's server passes back when it changes the subscription.
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/consistencytoken
        public let consistencyToken: String
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/requestreferenceid
        public let requestReferenceID: String
        /// The items included in this subscription.
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/items
        public let items: [Item]
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/period
        public let period: Product.SubscriptionPeriod
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/taxcode
        public let taxCode: String

        /// The developer-defined product that renews.
        /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item
        public struct Item: Hashable, Sendable {
            /// The same details as a transaction's item (Apple's `details` is of that type).
            public typealias Details = Transaction.AdvancedCommerceInfo.Item.Details

            /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/details-swift.property
            public let details: Details
            /// A price increase of the item, if one is scheduled (iOS 26.2).
            /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.property
            public let priceIncreaseInfo: PriceIncreaseInfo?

            /// A subscription price increase: the price, the customer's answer, dependent SKUs.
            /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct
            public struct PriceIncreaseInfo: Hashable, Sendable {
                /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/dependentskus
                public let dependentSKUs: [String]
                /// The new price, in the storefront's currency.
                /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/price
                public let price: Decimal
                /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/status-swift.property
                public let status: Status

                /// Whether the customer has accepted the increase; raw values are the App Store
                /// Server API's.
                /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/status-swift.struct
                public struct Status: RawRepresentable, Hashable, Sendable {
                    public let rawValue: String
                    public init(rawValue: String) { self.rawValue = rawValue }
                    public static let pending = Status(rawValue: "PENDING")
                    public static let accepted = Status(rawValue: "ACCEPTED")
                }
            }
        }
    }
}
