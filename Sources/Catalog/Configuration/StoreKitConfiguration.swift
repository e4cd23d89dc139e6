import SourceDiagnostics

/// A `.storekit` file, faithfully: every key Kiosk knows, typed; every key it does not,
/// kept in `unknownFields`. Optional arrays are nil when the file's version lacks the key.
///
/// Read one with `StoreKitConfiguration.decode(_:file:)` or `load(contentsOf:)`; turn it into
/// StoreKit products with `products(locale:storefront:)`; write it back with
/// `StoreKitConfigurationEncoder`.
public struct StoreKitConfiguration: Sendable, Hashable {
    public var version: Version
    /// 8 hex digits in Xcode-made files; absent in 1.0.
    public var identifier: String?
    /// Consumables and non-consumables.
    public var products: [ConfigurationProduct]
    /// Absent in 1.0.
    public var nonRenewingSubscriptions: [ConfigurationProduct]?
    public var subscriptionGroups: [ConfigurationSubscriptionGroup]
    public var settings: ConfigurationSettings?
    public var appPolicies: ConfigurationAppPolicies?
    public var subscriptionOffersKeyPair: ConfigurationOfferKeyPair?
    /// 6.x bundles and suites: kept as written, not interpreted (always empty so far).
    public var subscriptionBundleGroups: [JSONValue]?
    public var subscriptionSuiteGroups: [JSONValue]?
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    /// `{"major": 3, "minor": 0}`.
    public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var major: Int
        public var minor: Int

        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// The newest version Kiosk has seen in the wild.
        public static let newestKnown = Version(major: 6, minor: 3)

        public var description: String { "\(major).\(minor)" }

        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }
    }

    public init(
        version: Version = .newestKnown, identifier: String? = nil, products: [ConfigurationProduct] = [],
        nonRenewingSubscriptions: [ConfigurationProduct]? = [],
        subscriptionGroups: [ConfigurationSubscriptionGroup] = [],
        settings: ConfigurationSettings? = ConfigurationSettings(),
        appPolicies: ConfigurationAppPolicies? = nil,
        subscriptionOffersKeyPair: ConfigurationOfferKeyPair? = nil,
        subscriptionBundleGroups: [JSONValue]? = nil,
        subscriptionSuiteGroups: [JSONValue]? = nil, unknownFields: [String: JSONValue] = [:]
    ) {
        self.version = version
        self.identifier = identifier
        self.products = products
        self.nonRenewingSubscriptions = nonRenewingSubscriptions
        self.subscriptionGroups = subscriptionGroups
        self.settings = settings
        self.appPolicies = appPolicies
        self.subscriptionOffersKeyPair = subscriptionOffersKeyPair
        self.subscriptionBundleGroups = subscriptionBundleGroups
        self.subscriptionSuiteGroups = subscriptionSuiteGroups
        self.unknownFields = unknownFields
    }

    /// Every subscription of every group, in file order.
    public var allSubscriptions: [ConfigurationSubscription] { subscriptionGroups.flatMap(\.subscriptions) }

    /// How many products the catalog sells: products, non-renewing subscriptions and subscriptions.
    public var productCount: Int {
        products.count + (nonRenewingSubscriptions?.count ?? 0)
            + subscriptionGroups.reduce(0) { $0 + $1.subscriptions.count }
    }
}
