import Foundation
import StoreCore

/// Apple's `AppTransaction` payload. It has no `signedDate`: `receiptCreationDate` is the
/// date its certificate chain is checked at.
struct AppTransactionPayload: Codable, Hashable {
    static let typeName = "AppTransaction"

    var receiptType: String?
    var appAppleId: Int64?
    var bundleId: String?
    var applicationVersion: String?
    var versionExternalIdentifier: Int64?
    var receiptCreationDate: Int64?
    var originalPurchaseDate: Int64?
    var originalApplicationVersion: String?
    var deviceVerification: String?
    var deviceVerificationNonce: String?
    var appTransactionId: String?
    var originalPlatform: String?

    init(_ app: AppTransaction) {
        receiptType = app.environment.rawValue
        appAppleId = app.appID
        bundleId = app.bundleID
        applicationVersion = app.appVersion
        // Sandbox and Xcode builds have no App Store version identifier; Apple sends 0.
        versionExternalIdentifier = 0
        receiptCreationDate = app.signedDate.millisecondsSince1970
        originalPurchaseDate = app.originalPurchaseDate.millisecondsSince1970
        originalApplicationVersion = app.originalAppVersion
        deviceVerification = app.deviceVerification
        deviceVerificationNonce = app.deviceVerificationNonce?.lowercasedString
        appTransactionId = app.appTransactionID
        originalPlatform = app.originalPlatform
    }

    func appTransaction() throws(SigningError) -> AppTransaction {
        let name = Self.typeName
        return AppTransaction(
            appTransactionID: try required(appTransactionId, "appTransactionId", in: name),
            appID: appAppleId ?? 0,
            bundleID: try required(bundleId, "bundleId", in: name),
            appVersion: applicationVersion ?? "",
            originalAppVersion: originalApplicationVersion ?? "",
            originalPurchaseDate: Date(
                millisecondsSince1970: try required(originalPurchaseDate, "originalPurchaseDate", in: name)),
            signedDate: Date(
                millisecondsSince1970: try required(receiptCreationDate, "receiptCreationDate", in: name)),
            environment: try required(
                enumValue(receiptType, "receiptType", in: name), "receiptType", in: name),
            originalPlatform: originalPlatform ?? "iOS",
            deviceVerification: deviceVerification,
            deviceVerificationNonce: try uuidValue(
                deviceVerificationNonce, "deviceVerificationNonce", in: name))
    }
}
