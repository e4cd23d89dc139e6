import SourceDiagnostics
import StoreCore

/// The `settings` object: every key optional, absent means StoreKit's default.
public struct ConfigurationSettings: Sendable, Hashable {
    /// `_locale`: the default localization (`en_US` when absent).
    public var locale: String?
    /// `_storefront`: ISO 3166-1 alpha-3 (`USA` when absent).
    public var storefront: String?
    /// `_timeRate`: a `TimeRate` raw value.
    public var timeRate: Int?
    public var compatibilityTimeRate: CompatibilityTimeRate?
    public var askToBuyEnabled: Bool?
    public var disableDialogs: Bool?
    /// "Billing Retry on Renewal".
    public var renewalBillingIssuesEnabled: Bool?
    public var billingGracePeriodEnabled: Bool?
    /// "Interrupted Purchases".
    public var billingIssuesEnabled: Bool?
    /// Legacy (before 3.0) failure switch, used with `storeKitError`.
    public var failTransactionsEnabled: Bool?
    /// Legacy `SKErrorCode` simulated when `failTransactionsEnabled` is on.
    public var storeKitError: Int?
    /// 3.0+: simulated errors per API.
    public var storeKitErrors: [ConfigurationStoreKitError]?
    /// Present only in files synced from App Store Connect.
    public var applicationInternalID: String?
    public var developerTeamID: String?
    /// Seconds since 2001-01-01 (Apple's reference date).
    public var lastSynchronizedDate: Double?
    /// Settings Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    /// `_compatibilityTimeRate`: either one rate, or rates keyed by OS major version (`{"3": 6}`).
    public enum CompatibilityTimeRate: Sendable, Hashable {
        case rate(Int)
        case byVersion([String: Int])
    }

    public init(
        locale: String? = nil, storefront: String? = nil, timeRate: Int? = nil,
        compatibilityTimeRate: CompatibilityTimeRate? = nil, askToBuyEnabled: Bool? = nil,
        disableDialogs: Bool? = nil,
        renewalBillingIssuesEnabled: Bool? = nil, billingGracePeriodEnabled: Bool? = nil,
        billingIssuesEnabled: Bool? = nil, failTransactionsEnabled: Bool? = nil, storeKitError: Int? = nil,
        storeKitErrors: [ConfigurationStoreKitError]? = nil, applicationInternalID: String? = nil,
        developerTeamID: String? = nil, lastSynchronizedDate: Double? = nil,
        unknownFields: [String: JSONValue] = [:]
    ) {
        self.locale = locale
        self.storefront = storefront
        self.timeRate = timeRate
        self.compatibilityTimeRate = compatibilityTimeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.disableDialogs = disableDialogs
        self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.billingIssuesEnabled = billingIssuesEnabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.storeKitError = storeKitError
        self.storeKitErrors = storeKitErrors
        self.applicationInternalID = applicationInternalID
        self.developerTeamID = developerTeamID
        self.lastSynchronizedDate = lastSynchronizedDate
        self.unknownFields = unknownFields
    }

    /// Whether the file was synced from App Store Connect (read-only in Xcode).
    public var isSynced: Bool { applicationInternalID != nil || developerTeamID != nil }
}

/// One `_storeKitErrors[]` entry: a simulated error for one API.
public struct ConfigurationStoreKitError: Sendable, Hashable {
    public var name: FailableAPI
    public var enabled: Bool
    /// The chosen error; nil when none (written as null before 6.x, left out after).
    public var current: Current?

    /// `{"index": 4, "type": "generic"}`: which case of which error enum.
    public struct Current: Sendable, Hashable {
        /// `generic` (StoreKitError), `purchase` (Product.PurchaseError) or `verification`.
        public var type: Kind
        /// The case's position in Apple's declaration order of that enum.
        public var index: Int

        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case generic, purchase, verification
        }

        public init(type: Kind, index: Int) {
            self.type = type
            self.index = index
        }
    }

    public init(name: FailableAPI, enabled: Bool = false, current: Current? = nil) {
        self.name = name
        self.enabled = enabled
        self.current = current
    }
}
