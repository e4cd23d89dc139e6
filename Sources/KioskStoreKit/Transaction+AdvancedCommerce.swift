import Foundation
import StoreCore

// Advanced Commerce API purchases (iOS 18.4) are sold through the developer's server with
// `AdvancedCommerceProduct`, which Kiosk's store does not sell: every transaction it signs is an
// ordinary one, whose Advanced Commerce information is nil, as Apple's is. A signed payload that
// carries the App Store Server API's `advancedCommerceTransactionInfo` (a transaction signed
// elsewhere and verified here) is read into these types (AdvancedCommercePayload.swift).

extension Transaction {
    /// Metadata for transactions that use the Advanced Commerce API: nil for ordinary products.
    /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.property
    public var advancedCommerceInfo: AdvancedCommerceInfo? {
        AdvancedCommercePayload.transactionInfo(inPayload: jsonRepresentation)
    }

    /// The Advanced Commerce API details of a transaction: its items, taxes and period.
    /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct
    public struct AdvancedCommerceInfo: Hashable, Sendable {
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/description
        public let description: String?
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/displayname
        public let displayName: String?
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/estimatedtax
        public let estimatedTax: Decimal
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxexclusiveprice
        public let taxExclusivePrice: Decimal
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/requestreferenceid
        public let requestReferenceID: String
        /// The items purchased as part of this transaction.
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/items
        public let items: [Item]
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/period
        public let period: Product.SubscriptionPeriod?
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxcode
        public let taxCode: String
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxrate
        public let taxRate: Decimal

        /// The developer-defined product that was purchased.
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item
        public struct Item: Hashable, Sendable {
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.property
            public let details: Details
            /// The refunds issued as part of this transaction.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/refunds
            public let refunds: [Refund]?
            /// The date access to this item was revoked.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/revocationdate
            public let revocationDate: Date?

            /// The item's SKU, price, names and offer.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct
            public struct Details: Hashable, Sendable {
                /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/sku
                public let sku: String
                /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/price
                public let price: Decimal
                /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/displayname
                public let displayName: String
                /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/description
                public let description: String
                /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/offer
                public let offer: Offer?
            }
        }

        /// A refund issued as part of this transaction.
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund
        public struct Refund: Hashable, Sendable {
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/amount
            public let amount: Decimal
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/date
            public let date: Date
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/reason-swift.property
            public let reason: Reason
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/type
            public let type: RefundType

            /// Why the refund was granted; raw values are the App Store Server API's.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/reason-swift.struct
            public struct Reason: RawRepresentable, Hashable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
                public static let unintended = Reason(rawValue: "UNINTENDED_PURCHASE")
                public static let unfulfilled = Reason(rawValue: "FULFILLMENT_ISSUE")
                public static let unsatisfied = Reason(rawValue: "UNSATISFIED_WITH_PURCHASE")
                public static let legal = Reason(rawValue: "LEGAL")
                public static let modifyItems = Reason(rawValue: "MODIFY_ITEMS_REFUND")
                public static let other = Reason(rawValue: "OTHER")
            }

            /// How much was refunded; raw values are the App Store Server API's.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/refundtype
            public struct RefundType: RawRepresentable, Hashable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
                public static let full = RefundType(rawValue: "FULL")
                public static let proRated = RefundType(rawValue: "PRORATED")
                public static let custom = RefundType(rawValue: "CUSTOM")
            }
        }

        /// The offer redeemed as part of the purchase.
        /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer
        public struct Offer: Hashable, Sendable {
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/period
            public let period: Product.SubscriptionPeriod
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/periodcount
            public let periodCount: Int
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/price
            public let price: Decimal
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/reason-swift.property
            public let reason: Reason

            /// Why the offer was applied; raw values are the App Store Server API's.
            /// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/reason-swift.struct
            public struct Reason: RawRepresentable, Hashable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
                public static let acquisition = Reason(rawValue: "ACQUISITION")
                public static let winBack = Reason(rawValue: "WIN_BACK")
            }
        }
    }
}
