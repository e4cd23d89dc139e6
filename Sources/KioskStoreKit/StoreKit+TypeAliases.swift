// StoreKit's top-level names for the subscription types (iOS 18.4), so `SubscriptionStatus`
// reads as `Product.SubscriptionInfo.Status` does.

public typealias SubscriptionInfo = Product.SubscriptionInfo
public typealias SubscriptionStatus = Product.SubscriptionInfo.Status
public typealias SubscriptionRenewalInfo = Product.SubscriptionInfo.RenewalInfo
public typealias SubscriptionRenewalState = Product.SubscriptionInfo.RenewalState
public typealias SubscriptionPeriod = Product.SubscriptionPeriod
