import Foundation
import StoreCore

// Advanced Commerce API purchases (iOS 18.4) are sold through the developer's server with
// `AdvancedCommerceProduct`, which Kiosk's store does not sell: every transaction and renewal
// info it signs is an ordinary one, whose Advanced Commerce information is nil, as Apple's is.

extension Transaction {
    /// Details of an Advanced Commerce API purchase. Kiosk's store sells none, so no value of
    /// this type exists; its members are not declared (docs/your-code.md, "Differences").
    public struct AdvancedCommerceInfo: Hashable, Sendable {}

    /// nil: the transaction is not an Advanced Commerce API purchase.
    public var advancedCommerceInfo: AdvancedCommerceInfo? { nil }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// Renewal details of an Advanced Commerce API subscription. Kiosk's store sells none, so no
    /// value of this type exists; its members are not declared.
    public struct AdvancedCommerceInfo: Hashable, Sendable {}

    /// nil: the subscription is not an Advanced Commerce API one.
    public var advancedCommerceInfo: AdvancedCommerceInfo? { nil }
}
