import Foundation

/// A renewal-date extension for every active subscriber of a product, as the App Store
/// Server API's mass extension makes it. The simulator applies it at once, so it is
/// complete when recorded.
public struct MassExtension: Sendable, Hashable, Codable {
    public var requestIdentifier: String
    public var productID: String
    public var days: Int
    /// Alpha-3 storefront codes it was limited to; empty for every storefront.
    public var storefronts: [String]
    public var succeeded: Int
    public var failed: Int
    /// Store time when it was applied.
    public var completedAt: Date
}
