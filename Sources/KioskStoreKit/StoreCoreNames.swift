import StoreCore

// StoreCore's types share StoreKit's names (`Transaction`, `Product`, ...), and this module's
// public types are Apple's: inside the module, StoreCore's are spelled through these aliases so
// that no file has to guess which one a bare name means.
package typealias CoreTransaction = StoreCore.Transaction
package typealias CoreProduct = StoreCore.Product
package typealias CoreVerificationResult = StoreCore.VerificationResult
package typealias StoreCoreVerificationError = StoreCore.VerificationError
package typealias CoreRenewalInfo = StoreCore.RenewalInfo
package typealias CoreSubscriptionInfo = StoreCore.SubscriptionInfo
package typealias CoreSubscriptionOffer = StoreCore.SubscriptionOffer
package typealias CoreSubscriptionPeriod = StoreCore.SubscriptionPeriod
package typealias CoreSubscriptionStatus = StoreCore.SubscriptionStatus
package typealias CoreAppTransaction = StoreCore.AppTransaction
package typealias CoreStorefront = StoreCore.Storefront
package typealias CorePurchaseOption = StoreCore.PurchaseOption
package typealias CorePurchaseResult = StoreCore.PurchaseResult
package typealias CoreStoreKitError = StoreCore.StoreKitError
package typealias CorePurchaseError = StoreCore.PurchaseError
package typealias CoreStore = any StoreCore.Store & StoreCore.StoreControl
