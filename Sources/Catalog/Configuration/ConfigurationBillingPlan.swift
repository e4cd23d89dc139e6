import SourceDiagnostics
import StoreCore

/// A billing plan of a subscription (`billingPlans[]`, `.storekit` 5.0).
public struct ConfigurationBillingPlan: Sendable, Hashable {
    public var billingPlanType: BillingPlan.PlanType
    /// The price of one bill.
    public var displayPrice: CatalogPrice
    /// The total over the commitment.
    public var commitmentDisplayPrice: CatalogPrice?
    public var internalID: String?
    public var isEnabled: Bool?
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    public init(
        billingPlanType: BillingPlan.PlanType, displayPrice: CatalogPrice,
        commitmentDisplayPrice: CatalogPrice? = nil,
        internalID: String? = nil, isEnabled: Bool? = true, unknownFields: [String: JSONValue] = [:]
    ) {
        self.billingPlanType = billingPlanType
        self.displayPrice = displayPrice
        self.commitmentDisplayPrice = commitmentDisplayPrice
        self.internalID = internalID
        self.isEnabled = isEnabled
        self.unknownFields = unknownFields
    }
}
