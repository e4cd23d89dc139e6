// Compile-only probes of StoreKit's `AppStore`, `AppTransaction`, `Storefront`, `Message` and
// `StoreKitError` (see Probes+Product.swift).
import Foundation
import StoreKit

// Symbol: AppStore.sync()
// Apple: static func sync() async throws
// https://developer.apple.com/documentation/storekit/appstore/sync()
func probeSync() async throws { try await AppStore.sync() }

// Symbol: AppStore.canMakePayments
// Apple: static var canMakePayments: Bool { get }
// https://developer.apple.com/documentation/storekit/appstore/canmakepayments
func probeCanMakePayments() -> Bool { AppStore.canMakePayments }

// Symbol: AppStore.deviceVerificationID
// Apple: static var deviceVerificationID: UUID? { get }
// https://developer.apple.com/documentation/storekit/appstore/deviceverificationid
func probeDeviceVerificationID() -> UUID? { AppStore.deviceVerificationID }

// Symbol: AppStore.Environment
// Apple: static let production, sandbox, xcode
// https://developer.apple.com/documentation/storekit/appstore/environment
func probeEnvironmentValues(_ environment: AppStore.Environment) -> Bool {
    [AppStore.Environment.production, .sandbox, .xcode].contains(environment)
}

// Symbol: AppStore.Platform
// Apple: static let iOS, macOS, tvOS, visionOS
// https://developer.apple.com/documentation/storekit/appstore/platform
func probePlatformValues(_ platform: AppStore.Platform) -> Bool {
    [AppStore.Platform.iOS, .macOS, .tvOS, .visionOS].contains(platform)
}

// Symbol: AppTransaction.shared
// Apple: static var shared: VerificationResult<AppTransaction> { get async throws }
// https://developer.apple.com/documentation/storekit/apptransaction/shared
func probeAppTransactionShared() async throws -> AppTransaction {
    try await AppTransaction.shared.payloadValue
}

// Symbol: AppTransaction.refresh()
// Apple: static func refresh() async throws -> VerificationResult<AppTransaction>
// https://developer.apple.com/documentation/storekit/apptransaction/refresh()
func probeAppTransactionRefresh() async throws -> VerificationResult<AppTransaction> {
    try await AppTransaction.refresh()
}

// Symbol: AppTransaction
// Apple: appTransactionID, appID, bundleID, appVersion, originalAppVersion, originalPurchaseDate, signedDate, environment, jsonRepresentation
// https://developer.apple.com/documentation/storekit/apptransaction
func probeAppTransactionMembers(_ app: AppTransaction) -> String {
    "\(app.appTransactionID) \(app.appID ?? 0) \(app.bundleID) \(app.appVersion) \(app.originalAppVersion) "
        + "\(app.originalPurchaseDate) \(app.signedDate) \(app.environment.rawValue) \(app.jsonRepresentation.count)"
}

// Symbol: AppTransaction.originalPlatform
// Apple: let originalPlatform: AppStore.Platform
// https://developer.apple.com/documentation/storekit/apptransaction/originalplatform
func probeOriginalPlatform(_ app: AppTransaction) -> Bool { app.originalPlatform == .iOS }

// Symbol: AppTransaction.preorderDate
// Apple: let preorderDate: Date?
// https://developer.apple.com/documentation/storekit/apptransaction/preorderdate
func probePreorderDate(_ app: AppTransaction) -> Date? { app.preorderDate }

// Symbol: AppTransaction.appVersionID
// Apple: let appVersionID: UInt64?
// https://developer.apple.com/documentation/storekit/apptransaction/appversionid
func probeAppVersionID(_ app: AppTransaction) -> UInt64? { app.appVersionID }

// Symbol: AppTransaction.deviceVerification
// Apple: let deviceVerification: Data
// https://developer.apple.com/documentation/storekit/apptransaction/deviceverification
func probeAppDeviceVerification(_ app: AppTransaction) -> Data { app.deviceVerification }

// Symbol: AppTransaction.deviceVerificationNonce
// Apple: let deviceVerificationNonce: UUID
// https://developer.apple.com/documentation/storekit/apptransaction/deviceverificationnonce
func probeAppDeviceVerificationNonce(_ app: AppTransaction) -> UUID { app.deviceVerificationNonce }

// Symbol: AppTransaction.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/apptransaction/debugdescription
func probeAppDebugDescription(_ app: AppTransaction) -> String { app.debugDescription }

// Symbol: Storefront.current
// Apple: static var current: Storefront? { get async }
// https://developer.apple.com/documentation/storekit/storefront/current
func probeStorefrontCurrent() async -> String? { await Storefront.current?.countryCode }

// Symbol: Storefront.updates
// Apple: static var updates: Storefront.Storefronts { get }
// https://developer.apple.com/documentation/storekit/storefront/updates
func probeStorefrontUpdates() -> Task<Void, Never> {
    Task {
        for await storefront in Storefront.updates where storefront.countryCode == "DEU" { break }
    }
}

// Symbol: Storefront
// Apple: let id: String; let countryCode: String
// https://developer.apple.com/documentation/storekit/storefront
func probeStorefrontMembers(_ storefront: Storefront) -> String { storefront.id + storefront.countryCode }

// Symbol: Storefront.currency
// Apple: var currency: Locale.Currency? { get }
// https://developer.apple.com/documentation/storekit/storefront/currency
func probeStorefrontCurrency(_ storefront: Storefront) -> String? { storefront.currency?.identifier }

// Symbol: Message.messages
// Apple: static var messages: Message.Messages { get }
// https://developer.apple.com/documentation/storekit/message/messages-swift.type.property
func probeMessages() -> Task<Void, Never> {
    Task {
        for await message in Message.messages where message.reason == .billingIssue { break }
    }
}

// Symbol: Message.Reason
// Apple: static let generic, priceIncreaseConsent, billingIssue, winBackOffer
// https://developer.apple.com/documentation/storekit/message/reason-swift.struct
func probeMessageReasons(_ reason: Message.Reason) -> Bool {
    [Message.Reason.generic, .priceIncreaseConsent, .billingIssue, .winBackOffer].contains(reason)
}

// Symbol: StoreKitError
// Apple: enum StoreKitError: Error { case unknown, userCancelled, networkError(URLError), systemError(any Error), notAvailableInStorefront, notEntitled, unsupported }
// https://developer.apple.com/documentation/storekit/storekiterror
func probeStoreKitError(_ error: any Error) -> String {
    switch error as? StoreKitError {
    case .userCancelled: "cancelled"
    case .networkError(let urlError): "\(urlError.code)"
    case .systemError(let underlying): "\(underlying)"
    case .notAvailableInStorefront, .notEntitled, .unsupported, .unknown: "other"
    case nil: "not StoreKit's"
    @unknown default: "unknown"
    }
}
