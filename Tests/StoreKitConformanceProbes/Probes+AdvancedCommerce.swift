// Compile-only probes of the Advanced Commerce API members of `Transaction` and `RenewalInfo`
// (see Probes+Product.swift). Kiosk sells no Advanced Commerce products, so these are nil in
// its sessions; the probes only show that code reading them compiles as against StoreKit.
import Foundation
import StoreKit

// Symbol: Transaction.AdvancedCommerceInfo.description
// Apple: let description: String?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/description
func probeCommerceDescription(_ t: Transaction) -> String? { t.advancedCommerceInfo?.description }

// Symbol: Transaction.AdvancedCommerceInfo.displayName
// Apple: let displayName: String?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/displayname
func probeCommerceDisplayName(_ t: Transaction) -> String? { t.advancedCommerceInfo?.displayName }

// Symbol: Transaction.AdvancedCommerceInfo.estimatedTax
// Apple: let estimatedTax: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/estimatedtax
func probeCommerceEstimatedTax(_ t: Transaction) -> Decimal { t.advancedCommerceInfo?.estimatedTax ?? 0 }

// Symbol: Transaction.AdvancedCommerceInfo.taxExclusivePrice
// Apple: let taxExclusivePrice: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxexclusiveprice
func probeCommerceTaxExclusivePrice(_ t: Transaction) -> Decimal? {
    t.advancedCommerceInfo?.taxExclusivePrice
}

// Symbol: Transaction.AdvancedCommerceInfo.requestReferenceID
// Apple: let requestReferenceID: String
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/requestreferenceid
func probeCommerceRequestReferenceID(_ t: Transaction) -> String? {
    t.advancedCommerceInfo?.requestReferenceID
}

// Symbol: Transaction.AdvancedCommerceInfo.items
// Apple: let items: [Transaction.AdvancedCommerceInfo.Item]
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/items
func probeCommerceItems(_ t: Transaction) -> [Transaction.AdvancedCommerceInfo.Item] {
    t.advancedCommerceInfo?.items ?? []
}

// Symbol: Transaction.AdvancedCommerceInfo.period
// Apple: let period: SubscriptionPeriod?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/period
func probeCommercePeriod(_ t: Transaction) -> Product.SubscriptionPeriod? { t.advancedCommerceInfo?.period }

// Symbol: Transaction.AdvancedCommerceInfo.taxCode
// Apple: let taxCode: String
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxcode
func probeCommerceTaxCode(_ t: Transaction) -> String { t.advancedCommerceInfo?.taxCode ?? "" }

// Symbol: Transaction.AdvancedCommerceInfo.taxRate
// Apple: let taxRate: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/taxrate
func probeCommerceTaxRate(_ t: Transaction) -> Decimal? { t.advancedCommerceInfo?.taxRate }

// Symbol: Transaction.AdvancedCommerceInfo.Item.details
// Apple: let details: Transaction.AdvancedCommerceInfo.Item.Details
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.property
func probeCommerceItemDetails(_ item: Transaction.AdvancedCommerceInfo.Item)
    -> Transaction.AdvancedCommerceInfo.Item.Details
{ item.details }

// Symbol: Transaction.AdvancedCommerceInfo.Item.refunds
// Apple: let refunds: [Transaction.AdvancedCommerceInfo.Refund]?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/refunds
func probeCommerceItemRefunds(_ item: Transaction.AdvancedCommerceInfo.Item) -> Int {
    item.refunds?.count ?? 0
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.revocationDate
// Apple: let revocationDate: Date?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/revocationdate
func probeCommerceItemRevocationDate(_ item: Transaction.AdvancedCommerceInfo.Item) -> Bool {
    item.revocationDate != nil
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.Details.sku
// Apple: let sku: String
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/sku
func probeCommerceDetailsSKU(_ details: Transaction.AdvancedCommerceInfo.Item.Details) -> String {
    details.sku
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.Details.price
// Apple: let price: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/price
func probeCommerceDetailsPrice(_ details: Transaction.AdvancedCommerceInfo.Item.Details) -> Decimal {
    details.price
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.Details.displayName
// Apple: let displayName: String
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/displayname
func probeCommerceDetailsDisplayName(_ details: Transaction.AdvancedCommerceInfo.Item.Details) -> String {
    details.displayName
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.Details.description
// Apple: let description: String
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/description
func probeCommerceDetailsDescription(_ details: Transaction.AdvancedCommerceInfo.Item.Details) -> String {
    details.description
}

// Symbol: Transaction.AdvancedCommerceInfo.Item.Details.offer
// Apple: let offer: Transaction.AdvancedCommerceInfo.Offer?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/item/details-swift.struct/offer
func probeCommerceDetailsOffer(_ details: Transaction.AdvancedCommerceInfo.Item.Details) -> Transaction
    .AdvancedCommerceInfo.Offer?
{ details.offer }

// Symbol: Transaction.AdvancedCommerceInfo.Refund.amount
// Apple: let amount: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/amount
func probeCommerceRefundAmount(_ refund: Transaction.AdvancedCommerceInfo.Refund) -> Decimal { refund.amount }

// Symbol: Transaction.AdvancedCommerceInfo.Refund.date
// Apple: let date: Date
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/date
func probeCommerceRefundDate(_ refund: Transaction.AdvancedCommerceInfo.Refund) -> Date { refund.date }

// Symbol: Transaction.AdvancedCommerceInfo.Refund.reason
// Apple: let reason: Transaction.AdvancedCommerceInfo.Refund.Reason
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/reason-swift.property
func probeCommerceRefundReason(_ refund: Transaction.AdvancedCommerceInfo.Refund) -> Bool {
    refund.reason == .unintended
}

// Symbol: Transaction.AdvancedCommerceInfo.Refund.type
// Apple: let type: Transaction.AdvancedCommerceInfo.Refund.RefundType
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/type
func probeCommerceRefundType(_ refund: Transaction.AdvancedCommerceInfo.Refund) -> Bool {
    refund.type == .full
}

// Symbol: Transaction.AdvancedCommerceInfo.Refund.Reason
// Apple: struct Reason (static let unintended, unfulfilled, unsatisfied, legal, modifyItems, other)
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/reason-swift.struct
func probeCommerceRefundReasons() -> [Transaction.AdvancedCommerceInfo.Refund.Reason] {
    [.unintended, .unfulfilled, .unsatisfied, .legal, .modifyItems, .other]
}

// Symbol: Transaction.AdvancedCommerceInfo.Refund.RefundType
// Apple: struct RefundType (static let full, proRated, custom)
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/refund/refundtype
func probeCommerceRefundTypes() -> [Transaction.AdvancedCommerceInfo.Refund.RefundType] {
    [.full, .proRated, .custom]
}

// Symbol: Transaction.AdvancedCommerceInfo.Offer.period
// Apple: let period: SubscriptionPeriod
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/period
func probeCommerceOfferPeriod(_ offer: Transaction.AdvancedCommerceInfo.Offer) -> Product.SubscriptionPeriod {
    offer.period
}

// Symbol: Transaction.AdvancedCommerceInfo.Offer.periodCount
// Apple: let periodCount: Int
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/periodcount
func probeCommerceOfferPeriodCount(_ offer: Transaction.AdvancedCommerceInfo.Offer) -> Int {
    offer.periodCount
}

// Symbol: Transaction.AdvancedCommerceInfo.Offer.price
// Apple: let price: Decimal
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/price
func probeCommerceOfferPrice(_ offer: Transaction.AdvancedCommerceInfo.Offer) -> Decimal { offer.price }

// Symbol: Transaction.AdvancedCommerceInfo.Offer.reason
// Apple: let reason: Transaction.AdvancedCommerceInfo.Offer.Reason
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/reason-swift.property
func probeCommerceOfferReason(_ offer: Transaction.AdvancedCommerceInfo.Offer) -> Bool {
    offer.reason == .winBack
}

// Symbol: Transaction.AdvancedCommerceInfo.Offer.Reason
// Apple: struct Reason (static let acquisition, winBack)
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.struct/offer/reason-swift.struct
func probeCommerceOfferReasons() -> [Transaction.AdvancedCommerceInfo.Offer.Reason] {
    [.acquisition, .winBack]
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.description
// Apple: let description: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/description
func probeRenewalCommerceDescription(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.advancedCommerceInfo?.description
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.displayName
// Apple: let displayName: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/displayname
func probeRenewalCommerceDisplayName(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.advancedCommerceInfo?.displayName
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.consistencyToken
// Apple: let consistencyToken: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/consistencytoken
func probeRenewalCommerceConsistencyToken(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.advancedCommerceInfo?.consistencyToken
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.requestReferenceID
// Apple: let requestReferenceID: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/requestreferenceid
func probeRenewalCommerceRequestReferenceID(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.advancedCommerceInfo?.requestReferenceID
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.items
// Apple: let items: [Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/items
func probeRenewalCommerceItems(_ info: Product.SubscriptionInfo.RenewalInfo) -> [Product.SubscriptionInfo
    .RenewalInfo.AdvancedCommerceInfo.Item]
{ info.advancedCommerceInfo?.items ?? [] }

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.period
// Apple: let period: SubscriptionPeriod
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/period
func probeRenewalCommercePeriod(_ info: Product.SubscriptionInfo.RenewalInfo) -> Product.SubscriptionPeriod? {
    info.advancedCommerceInfo?.period
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.taxCode
// Apple: let taxCode: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/taxcode
func probeRenewalCommerceTaxCode(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.advancedCommerceInfo?.taxCode
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.details
// Apple: let details: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.Details
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/details-swift.property
func probeRenewalCommerceItemDetails(_ item: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item)
    -> String
{ item.details.sku }

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.priceIncreaseInfo
// Apple: let priceIncreaseInfo: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.property
func probeRenewalCommercePriceIncreaseInfo(
    _ item: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item
) -> Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo? {
    item.priceIncreaseInfo
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.dependentSKUs
// Apple: let dependentSKUs: [String]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/dependentskus
func probeRenewalCommerceDependentSKUs(
    _ increase: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo
) -> [String] { increase.dependentSKUs }

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.price
// Apple: let price: Decimal
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/price
func probeRenewalCommerceIncreasePrice(
    _ increase: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo
) -> Decimal { increase.price }

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.status
// Apple: let status: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.Status
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/status-swift.property
func probeRenewalCommerceIncreaseStatus(
    _ increase: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo
) -> Bool { increase.status == .accepted }

// Symbol: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.Status
// Apple: struct Status (static let pending, accepted)
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.struct/item/priceincreaseinfo-swift.struct/status-swift.struct
func probeRenewalCommerceIncreaseStatuses() -> [Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item
    .PriceIncreaseInfo.Status]
{ [.pending, .accepted] }
