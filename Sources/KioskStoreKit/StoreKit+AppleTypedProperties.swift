import Foundation
import StoreCore

// Properties with the types Apple declares, beside Kiosk's plainer ones (`currencyCode`).

extension AppStore {
    /// The platform an app was bought on, as StoreKit's `AppStore.Platform`.
    public struct Platform: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let iOS = Platform(rawValue: "iOS")
        public static let macOS = Platform(rawValue: "macOS")
        public static let tvOS = Platform(rawValue: "tvOS")
        public static let visionOS = Platform(rawValue: "visionOS")
    }
}

extension AppTransaction {
    /// When the customer preordered the app: nil, since Kiosk's apps are never preordered.
    public var preorderDate: Date? { nil }
    /// The App Store's number for this version of the app: nil, as in Xcode's StoreKit
    /// testing, where the app has no App Store version.
    public var appVersionID: UInt64? { nil }
}

extension Transaction {
    /// The currency of `price`.
    public var currency: Locale.Currency? { base.currencyCode.map { Locale.Currency($0) } }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// The currency of `renewalPrice`.
    public var currency: Locale.Currency? { base.currencyCode.map { Locale.Currency($0) } }
}

extension Storefront {
    /// The storefront's currency.
    public var currency: Locale.Currency? { Locale.Currency(currencyCode) }
}
