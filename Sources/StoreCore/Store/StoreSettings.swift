/// The store-wide switches of Xcode's Configuration Settings and `SKTestSession`.
public struct StoreSettings: Sendable, Hashable, Codable {
    /// ISO 3166-1 alpha-3 storefront (`USA`); drives the currency.
    public var storefront: String
    /// Locale identifier for names and price formatting (`en_US`).
    public var locale: String
    public var timeRate: TimeRate
    public var askToBuyEnabled: Bool
    /// Renewals fail and enter billing retry ("Billing Retry on Renewal").
    public var billingRetryOnRenewal: Bool
    /// Billing retry starts with a grace period (no effect unless billing retry is on).
    public var billingGracePeriodEnabled: Bool
    /// Purchases are interrupted until resolved ("Interrupted Purchases").
    public var interruptedPurchasesEnabled: Bool
    /// System dialogs (the payment sheet) answer themselves with their default.
    public var disableDialogs: Bool
    /// The grace period App Store Connect offers: 3, 16 (the default) or 28 days. Weekly
    /// subscriptions get 6 days under 16 and 28, as App Store Connect documents.
    public var billingGracePeriodDays: Int
    /// `SKIncludeConsumableInAppPurchaseHistory`: finished consumables appear in `all`,
    /// `latest(for:)` and transaction history (off by default, as on devices).
    public var includeFinishedConsumables: Bool

    /// The grace-period lengths App Store Connect lets a developer choose.
    public static let gracePeriodChoices = [3, 16, 28]

    public init(
        storefront: String = "USA", locale: String = "en_US", timeRate: TimeRate = .realTime,
        askToBuyEnabled: Bool = false, billingRetryOnRenewal: Bool = false,
        billingGracePeriodEnabled: Bool = false, interruptedPurchasesEnabled: Bool = false,
        disableDialogs: Bool = false, billingGracePeriodDays: Int = 16,
        includeFinishedConsumables: Bool = false
    ) {
        self.storefront = storefront
        self.locale = locale
        self.timeRate = timeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.billingRetryOnRenewal = billingRetryOnRenewal
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.interruptedPurchasesEnabled = interruptedPurchasesEnabled
        self.disableDialogs = disableDialogs
        self.billingGracePeriodDays = billingGracePeriodDays
        self.includeFinishedConsumables = includeFinishedConsumables
    }

    private enum CodingKeys: String, CodingKey {
        case storefront, locale, timeRate, askToBuyEnabled, billingRetryOnRenewal, billingGracePeriodEnabled
        case interruptedPurchasesEnabled, disableDialogs, billingGracePeriodDays, includeFinishedConsumables
    }

    /// Reads settings written before a switch existed with that switch's default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = StoreSettings()
        self.init(
            storefront: try container.decode(String.self, forKey: .storefront),
            locale: try container.decode(String.self, forKey: .locale),
            timeRate: try container.decode(TimeRate.self, forKey: .timeRate),
            askToBuyEnabled: try container.decode(Bool.self, forKey: .askToBuyEnabled),
            billingRetryOnRenewal: try container.decode(Bool.self, forKey: .billingRetryOnRenewal),
            billingGracePeriodEnabled: try container.decode(Bool.self, forKey: .billingGracePeriodEnabled),
            interruptedPurchasesEnabled: try container.decode(
                Bool.self, forKey: .interruptedPurchasesEnabled),
            disableDialogs: try container.decode(Bool.self, forKey: .disableDialogs),
            billingGracePeriodDays: try container.decodeIfPresent(Int.self, forKey: .billingGracePeriodDays)
                ?? defaults.billingGracePeriodDays,
            includeFinishedConsumables: try container.decodeIfPresent(
                Bool.self, forKey: .includeFinishedConsumables) ?? defaults.includeFinishedConsumables)
    }
}

/// One change to `StoreSettings`, so every switch is a single `StoreControl` call.
public enum StoreSetting: Sendable, Hashable {
    case storefront(String)
    case locale(String)
    case timeRate(TimeRate)
    case askToBuy(Bool)
    case billingRetryOnRenewal(Bool)
    case billingGracePeriod(Bool)
    case interruptedPurchases(Bool)
    case disableDialogs(Bool)
    /// The grace period's length in days: 3, 16 or 28.
    case billingGracePeriodDays(Int)
    case includeFinishedConsumables(Bool)
}

extension StoreSettings {
    /// These settings with one change applied.
    public func applying(_ setting: StoreSetting) -> StoreSettings {
        var copy = self
        switch setting {
        case .storefront(let value): copy.storefront = value
        case .locale(let value): copy.locale = value
        case .timeRate(let value): copy.timeRate = value
        case .askToBuy(let value): copy.askToBuyEnabled = value
        case .billingRetryOnRenewal(let value): copy.billingRetryOnRenewal = value
        case .billingGracePeriod(let value): copy.billingGracePeriodEnabled = value
        case .interruptedPurchases(let value): copy.interruptedPurchasesEnabled = value
        case .disableDialogs(let value): copy.disableDialogs = value
        case .billingGracePeriodDays(let value): copy.billingGracePeriodDays = value
        case .includeFinishedConsumables(let value): copy.includeFinishedConsumables = value
        }
        return copy
    }
}

/// A sandbox tester account. Each has its own history, eligibility and storefront.
public struct StoreAccount: Sendable, Hashable, Codable, Identifiable {
    public var name: AccountName
    /// The account's storefront (alpha-3).
    public var storefront: String
    /// Accounts with the same family ID share family-shareable purchases.
    public var familyID: String?

    public var id: AccountName { name }

    public init(name: AccountName, storefront: String = "USA", familyID: String? = nil) {
        self.name = name
        self.storefront = storefront
        self.familyID = familyID
    }
}
