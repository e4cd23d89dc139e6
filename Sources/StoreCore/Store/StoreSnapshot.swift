import Foundation

/// Everything a paywall or Transaction Manager shows that comes from the store, read in one go
/// (`StoreControl.snapshot`: one actor turn, one request over the wire) so a frame never mixes
/// old and new data.
public struct StoreSnapshot: Sendable, Hashable {
    public var products: [Product] = [] {
        didSet { planCache = PlanCache(products, groupID) }
    }
    public var entitlements: [VerificationResult<Transaction>] = []
    /// Statuses of the leading group's subscriptions.
    public var statuses: [SubscriptionStatus] = []
    public var isEligibleForIntroOffer = true
    /// The account's newest records, at most the limit the snapshot was asked for (a
    /// Transaction Manager pages through a long history instead of reading all of it).
    public var records: [TransactionRecord] = []
    /// How many records the account has in all: more than `records.count` when older ones
    /// were left out.
    public var recordCount = 0
    /// The account's App Store Server Notifications, newest first, with delivery attempts.
    public var notifications: [NotificationSummary] = []
    public var settings = StoreSettings()
    public var account: AccountName = ""
    public var accounts: [StoreAccount] = []
    public var clock: Date?
    /// The last date the clock can reach: the validity of the certificate authority that signs
    /// the store's transactions (nil from servers that do not say). An advance past it is refused.
    public var latestClock: Date?
    public var simulatedErrors: [FailableAPI: SimulatedFailure] = [:]
    /// The group the picker shows.
    public var groupID: String? {
        didSet { planCache = PlanCache(products, groupID) }
    }
    /// The leading group's plans, worked out when the products or the group change rather than
    /// at each read: a frame reads them dozens of times, and sorting copies of the products was a
    /// twentieth of a review's time.
    private var planCache = PlanCache()

    public init() {}

    /// How many notifications a snapshot carries (the newest).
    public static let notificationLimit = 100
    /// How many records a snapshot carries unless asked for more: one page of the Transaction
    /// Manager's list.
    public static let recordPage = 200

    /// Whether the account has records older than those carried.
    public var hasOlderRecords: Bool { recordCount > records.count }

    /// The leading group's subscriptions, by level (1 first) then by period.
    public var plans: [Product] { planCache.plans }

    /// Everything that is not an auto-renewable subscription, for the shelf.
    public var shelfProducts: [Product] { products.filter { $0.type != .autoRenewable } }

    /// The status that grants access now (or the latest one when none does).
    public var activeStatus: SubscriptionStatus? {
        statuses.first { $0.state.grantsAccess } ?? statuses.first { $0.state == .inBillingRetryPeriod }
    }

    /// The product of the active plan, if the account has one.
    public var activePlanID: String? {
        guard let status = statuses.first(where: { $0.state.grantsAccess }) else { return nil }
        return status.renewalInfo.unsafePayloadValue.currentProductID
    }

    /// Product IDs the account is entitled to now.
    public var entitledProductIDs: Set<String> {
        Set(entitlements.map(\.unsafePayloadValue.productID))
    }

    public func product(_ id: String) -> Product? { products.first { $0.id == id } }

    /// The product's display name, or its ID when unknown.
    public func name(of productID: String) -> String { product(productID)?.displayName ?? productID }
}

/// `StoreSnapshot.plans`, derived from the snapshot's products and group: two snapshots with the
/// same products and group have the same plans, so equality and hashing leave it out.
private struct PlanCache: Hashable, Sendable {
    var plans: [Product] = []

    init() {}

    init(_ products: [Product], _ groupID: String?) {
        plans = products.filter { $0.type == .autoRenewable && $0.subscription?.groupID == groupID }
            .sorted { lhs, rhs in
                let left = lhs.subscription!
                let right = rhs.subscription!
                if left.groupLevel != right.groupLevel { return left.groupLevel < right.groupLevel }
                return left.period.approximateDays < right.period.approximateDays
            }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
