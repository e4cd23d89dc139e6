import Foundation

/// The signed record of the app's own purchase, as StoreKit 2's `AppTransaction` and Apple's
/// `AppTransaction` payload.
public struct AppTransaction: Sendable, Hashable, Codable {
    public var appTransactionID: String
    public var appID: Int64
    public var bundleID: String
    public var appVersion: String
    public var originalAppVersion: String
    public var originalPurchaseDate: Date
    /// When the payload was made (Apple's `receiptCreationDate`, the date the chain is checked at).
    public var signedDate: Date
    public var environment: AppStoreEnvironment
    /// Apple's `originalPlatform`: `iOS`, `macOS`, `tvOS` or `visionOS`.
    public var originalPlatform: String
    public var deviceVerification: String?
    public var deviceVerificationNonce: UUID?

    public init(
        appTransactionID: String, appID: Int64, bundleID: String, appVersion: String,
        originalAppVersion: String, originalPurchaseDate: Date, signedDate: Date,
        environment: AppStoreEnvironment, originalPlatform: String = "iOS",
        deviceVerification: String? = nil, deviceVerificationNonce: UUID? = nil
    ) {
        self.appTransactionID = appTransactionID
        self.appID = appID
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.signedDate = signedDate
        self.environment = environment
        self.originalPlatform = originalPlatform
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
    }
}
