import SourceDiagnostics

/// A product as a `.storekit` file holds it (`products[]`, `nonRenewingSubscriptions[]`, and
/// the product part of every subscription).
public struct ConfigurationProduct: Sendable, Hashable {
    /// The StoreKit `Product.id`.
    public var productID: String
    public var type: ConfigurationProductType
    /// The price in the catalog's storefront currency.
    public var displayPrice: CatalogPrice
    public var familyShareable: Bool?
    public var internalID: String?
    /// Null in some 1.0 files.
    public var referenceName: String?
    public var localizations: [ConfigurationLocalization]?
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    public init(
        productID: String, type: ConfigurationProductType, displayPrice: CatalogPrice,
        familyShareable: Bool? = false,
        internalID: String? = nil, referenceName: String? = nil,
        localizations: [ConfigurationLocalization]? = [],
        unknownFields: [String: JSONValue] = [:]
    ) {
        self.productID = productID
        self.type = type
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.internalID = internalID
        self.referenceName = referenceName
        self.localizations = localizations
        self.unknownFields = unknownFields
    }
}
