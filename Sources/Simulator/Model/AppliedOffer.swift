import Foundation
import StoreCore

/// An offer in effect on a subscription: which offer, and how many billed segments remain.
///
/// Pay as you go bills `periodCount` segments of one offer period each; free trials and pay
/// up front cover `periodCount` offer periods in one segment.
struct AppliedOffer: Sendable, Hashable, Codable {
    var type: SubscriptionOffer.OfferType
    var id: String?
    var paymentMode: SubscriptionOffer.PaymentMode
    var period: SubscriptionPeriod
    var periodCount: Int
    var price: Decimal
    var remainingSegments: Int

    init(_ offer: SubscriptionOffer) {
        type = offer.type
        id = offer.id
        paymentMode = offer.paymentMode
        period = offer.period
        periodCount = max(1, offer.periodCount)
        price = offer.paymentMode == .freeTrial ? 0 : offer.price
        remainingSegments = offer.paymentMode == .payAsYouGo ? max(1, offer.periodCount) : 1
    }

    init(
        type: SubscriptionOffer.OfferType, id: String?, paymentMode: SubscriptionOffer.PaymentMode,
        period: SubscriptionPeriod, periodCount: Int, price: Decimal, remainingSegments: Int
    ) {
        self.type = type
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.remainingSegments = remainingSegments
    }

    /// How many offer periods one billed segment lasts.
    var periodsPerSegment: Int { paymentMode == .payAsYouGo ? 1 : periodCount }

    var transactionOffer: Transaction.Offer {
        Transaction.Offer(type: type, id: id, paymentMode: paymentMode, period: period)
    }
}
