/// An App Store storefront, as StoreKit 2's `Storefront`: a country with its App Store
/// identifier and currency.
public struct Storefront: Sendable, Hashable, Codable {
    /// ISO 3166-1 alpha-3 (`USA`), as in `.storekit` files and Apple's `storefront` field.
    public var countryCode: String
    /// Apple's storefront identifier (`143441`), as in Apple's `storefrontId` field.
    public var id: String
    /// ISO 4217 currency of prices in this storefront.
    public var currencyCode: String

    public init(countryCode: String, id: String, currencyCode: String) {
        self.countryCode = countryCode
        self.id = id
        self.currencyCode = currencyCode
    }

    /// The storefront with this alpha-3 code, if Kiosk knows it (see `Storefront.known`).
    public init?(alpha3 code: String) {
        guard let known = Self.known[code.uppercased()] else { return nil }
        self = known
    }

    /// The United States, the default storefront of StoreKit testing.
    public static let unitedStates = Storefront(countryCode: "USA", id: "143441", currencyCode: "USD")
}
