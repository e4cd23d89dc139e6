import Foundation
import StoreCore

/// A decoded App Store Server Notification V2, Apple's `ResponseBodyV2DecodedPayload`.
///
/// Nested transaction and renewal info travel as their own JWS strings, signed separately
/// (Apple's library does not verify them with the notification: verify each one yourself).
public struct NotificationPayload: Sendable, Hashable, Codable {
    /// The notification's `data`: the app, and the signed transaction and renewal info.
    public struct Content: Sendable, Hashable, Codable {
        public var environment: AppStoreEnvironment
        public var appAppleID: Int64?
        public var bundleID: String
        public var bundleVersion: String?
        public var signedTransactionInfo: String?
        public var signedRenewalInfo: String?
        public var status: SubscriptionStatus.RenewalState?
        public var consumptionRequestReason: String?

        public init(
            environment: AppStoreEnvironment, appAppleID: Int64? = nil, bundleID: String,
            bundleVersion: String? = nil, signedTransactionInfo: String? = nil,
            signedRenewalInfo: String? = nil,
            status: SubscriptionStatus.RenewalState? = nil, consumptionRequestReason: String? = nil
        ) {
            self.environment = environment
            self.appAppleID = appAppleID
            self.bundleID = bundleID
            self.bundleVersion = bundleVersion
            self.signedTransactionInfo = signedTransactionInfo
            self.signedRenewalInfo = signedRenewalInfo
            self.status = status
            self.consumptionRequestReason = consumptionRequestReason
        }

        enum CodingKeys: String, CodingKey {
            case environment, bundleVersion, signedTransactionInfo, signedRenewalInfo, status
            case consumptionRequestReason
            case appAppleID = "appAppleId"
            case bundleID = "bundleId"
        }
    }

    /// The `summary` of a mass renewal-date extension.
    public struct Summary: Sendable, Hashable, Codable {
        public var environment: AppStoreEnvironment
        public var appAppleID: Int64?
        public var bundleID: String
        public var productID: String
        public var requestIdentifier: String
        public var storefrontCountryCodes: [String]
        public var succeededCount: Int64
        public var failedCount: Int64

        public init(
            environment: AppStoreEnvironment, appAppleID: Int64? = nil, bundleID: String, productID: String,
            requestIdentifier: String, storefrontCountryCodes: [String], succeededCount: Int64,
            failedCount: Int64
        ) {
            self.environment = environment
            self.appAppleID = appAppleID
            self.bundleID = bundleID
            self.productID = productID
            self.requestIdentifier = requestIdentifier
            self.storefrontCountryCodes = storefrontCountryCodes
            self.succeededCount = succeededCount
            self.failedCount = failedCount
        }

        enum CodingKeys: String, CodingKey {
            case environment, requestIdentifier, storefrontCountryCodes, succeededCount, failedCount
            case appAppleID = "appAppleId"
            case bundleID = "bundleId"
            case productID = "productId"
        }
    }

    /// The `appData` of app-level notifications, with the signed app transaction.
    public struct AppData: Sendable, Hashable, Codable {
        public var appAppleID: Int64?
        public var bundleID: String
        public var environment: AppStoreEnvironment
        public var signedAppTransactionInfo: String?

        public init(
            appAppleID: Int64? = nil, bundleID: String, environment: AppStoreEnvironment,
            signedAppTransactionInfo: String? = nil
        ) {
            self.appAppleID = appAppleID
            self.bundleID = bundleID
            self.environment = environment
            self.signedAppTransactionInfo = signedAppTransactionInfo
        }

        enum CodingKeys: String, CodingKey {
            case environment, signedAppTransactionInfo
            case appAppleID = "appAppleId"
            case bundleID = "bundleId"
        }
    }

    public var notificationType: NotificationType
    public var subtype: NotificationSubtype?
    public var notificationUUID: UUID
    public var data: Content?
    public var summary: Summary?
    public var appData: AppData?
    /// Always "2.0".
    public var version: String
    public var signedDate: Date

    public init(
        notificationType: NotificationType, subtype: NotificationSubtype? = nil,
        notificationUUID: UUID = UUID(),
        data: Content? = nil, summary: Summary? = nil, appData: AppData? = nil, version: String = "2.0",
        signedDate: Date
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.summary = summary
        self.appData = appData
        self.version = version
        self.signedDate = signedDate
    }

    enum CodingKeys: String, CodingKey {
        case notificationType, subtype, notificationUUID, data, summary, appData, version, signedDate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationType = try container.decode(NotificationType.self, forKey: .notificationType)
        subtype = try container.decodeIfPresent(NotificationSubtype.self, forKey: .subtype)
        let uuid = try container.decode(String.self, forKey: .notificationUUID)
        guard let parsed = UUID(uuidString: uuid) else {
            throw DecodingError.dataCorruptedError(
                forKey: .notificationUUID, in: container, debugDescription: "\"\(uuid)\" is not a UUID")
        }
        notificationUUID = parsed
        data = try container.decodeIfPresent(Content.self, forKey: .data)
        summary = try container.decodeIfPresent(Summary.self, forKey: .summary)
        appData = try container.decodeIfPresent(AppData.self, forKey: .appData)
        version = try container.decode(String.self, forKey: .version)
        signedDate = Date(millisecondsSince1970: try container.decode(Int64.self, forKey: .signedDate))
    }

    /// Apple's form: a lower-case UUID string and integer milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notificationType, forKey: .notificationType)
        try container.encodeIfPresent(subtype, forKey: .subtype)
        try container.encode(notificationUUID.lowercasedString, forKey: .notificationUUID)
        try container.encodeIfPresent(data, forKey: .data)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(appData, forKey: .appData)
        try container.encode(version, forKey: .version)
        try container.encode(signedDate.millisecondsSince1970, forKey: .signedDate)
    }
}
