import Foundation
import StoreCore

/// The JSON bodies of Apple's App Store Server API, with Apple's key names. Each mirrors a
/// response model of Apple's library (appstoreserverlibrary.models).
enum AppStoreAPIModels {
    struct TransactionInfo: Codable, Sendable { var signedTransactionInfo: String }

    struct History: Codable, Sendable {
        var revision: String
        var hasMore: Bool
        var bundleId: String
        var appAppleId: Int64
        var environment: String
        var signedTransactions: [String]
    }

    struct LastTransaction: Codable, Sendable {
        var status: Int
        var originalTransactionId: String
        var signedTransactionInfo: String
        var signedRenewalInfo: String
    }

    struct GroupStatus: Codable, Sendable {
        var subscriptionGroupIdentifier: String
        var lastTransactions: [LastTransaction]
    }

    struct Statuses: Codable, Sendable {
        var environment: String
        var bundleId: String
        var appAppleId: Int64
        var data: [GroupStatus]
    }

    struct RefundHistory: Codable, Sendable {
        var signedTransactions: [String]
        var revision: String
        var hasMore: Bool
    }

    struct OrderLookup: Codable, Sendable {
        var status: Int
        var signedTransactions: [String]
    }

    struct AppTransactionInfo: Codable, Sendable { var signedAppTransactionInfo: String }

    struct TestNotification: Codable, Sendable { var testNotificationToken: String }

    struct SendAttempt: Codable, Sendable {
        var attemptDate: Int64
        var sendAttemptResult: SendAttemptResult
    }

    struct CheckTestNotification: Codable, Sendable {
        var signedPayload: String
        var sendAttempts: [SendAttempt]
    }

    struct HistoryItem: Codable, Sendable {
        var signedPayload: String
        var sendAttempts: [SendAttempt]
    }

    struct NotificationHistory: Codable, Sendable {
        var paginationToken: String
        var hasMore: Bool
        var notificationHistory: [HistoryItem]
    }

    struct NotificationHistoryRequest: Codable, Sendable {
        var startDate: Int64?
        var endDate: Int64?
        var notificationType: String?
        var notificationSubtype: String?
        var transactionId: String?
        var onlyFailures: Bool?
    }

    struct ExtendRequest: Codable, Sendable {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?
        var storefrontCountryCodes: [String]?
        var productId: String?
    }

    struct ExtendResponse: Codable, Sendable {
        var originalTransactionId: String
        var webOrderLineItemId: String?
        var success: Bool
        var effectiveDate: Int64
    }

    struct MassExtendResponse: Codable, Sendable { var requestIdentifier: String }

    struct MassExtendStatus: Codable, Sendable {
        var requestIdentifier: String
        var complete: Bool
        var completeDate: Int64
        var succeededCount: Int
        var failedCount: Int
    }

    struct ConsumptionRequest: Codable, Sendable {
        var customerConsented: Bool?
        var sampleContentProvided: Bool?
        var deliveryStatus: String?
        var consumptionPercentage: Int?
        var refundPreference: String?
    }

    struct AppAccountTokenRequest: Codable, Sendable { var appAccountToken: String? }
}
