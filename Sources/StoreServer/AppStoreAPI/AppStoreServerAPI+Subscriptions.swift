import Foundation
import HTTP
import Simulator
import StoreCore

/// Renewal-date extensions (single and mass), consumption information and app account tokens.
extension AppStoreServerAPI {
    private static let deliveryStatuses: Set<String> = [
        "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
        "UNDELIVERED_OTHER",
    ]

    static func addSubscriptionRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("PUT", "/inApps/v1/subscriptions/extend/{originalTransactionId}") { request, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try transactionID(parameters, "originalTransactionId", invalid: 4_000_008)
                let days = try validExtension(try body(Models.ExtendRequest.self, of: request))
                let extended: Transaction
                do throws(StoreError) {
                    extended = try await store.extendRenewalDate(originalTransactionID: id, days: days)
                } catch {
                    if case .invalidAction(let message) = error {
                        throw .appStoreAPI(status: 403, code: 4_030_004, message: message)
                    }
                    throw apiError(error, notFound: 4_040_005)
                }
                return Models.ExtendResponse(
                    originalTransactionId: String(extended.originalID),
                    webOrderLineItemId: extended.webOrderLineItemID,
                    success: true, effectiveDate: (extended.expirationDate ?? Date()).appleMilliseconds)
            }
        }
        router.add("POST", "/inApps/v1/subscriptions/extend/mass") { request, _ in
            await respond { () async throws(StoreServerError) in
                let requested = try body(Models.ExtendRequest.self, of: request)
                let days = try validExtension(requested)
                guard let productID = requested.productId, !productID.isEmpty else {
                    throw .appStoreAPI(status: 400, code: 4_000_023, message: "productId is required")
                }
                let done = try await Self.store { () async throws(StoreError) in
                    try await store.extendRenewalDates(
                        productID: productID, days: days, storefronts: requested.storefrontCountryCodes ?? [],
                        requestIdentifier: requested.requestIdentifier ?? "")
                }
                return Models.MassExtendResponse(requestIdentifier: done.requestIdentifier)
            }
        }
        router.add("GET", "/inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}") {
            _, parameters in
            await respond { () async throws(StoreServerError) in
                let found = try await Self.store { () async throws(StoreError) in
                    try await store.massExtension(
                        productID: parameters["productId"] ?? "",
                        requestIdentifier: parameters["requestIdentifier"] ?? "")
                }
                guard let found else {
                    throw .appStoreAPI(
                        status: 404, code: 4_040_009, message: "no such mass extension request")
                }
                return Models.MassExtendStatus(
                    requestIdentifier: found.requestIdentifier, complete: true,
                    completeDate: found.completedAt.appleMilliseconds, succeededCount: found.succeeded,
                    failedCount: found.failed)
            }
        }
        for version in ["v1", "v2"] {
            router.add("PUT", "/inApps/\(version)/transactions/consumption/{transactionId}") {
                request, parameters in
                await respond(status: 202) { () async throws(StoreServerError) in
                    let id = try transactionID(parameters)
                    _ = try await transaction(id, in: store)
                    let info = try body(Models.ConsumptionRequest.self, of: request)
                    guard info.customerConsented == true else {
                        throw .appStoreAPI(
                            status: 400, code: 4_000_035, message: "customerConsented must be true")
                    }
                    if version == "v2", !deliveryStatuses.contains(info.deliveryStatus ?? "") {
                        throw .appStoreAPI(status: 400, code: 4_000_036, message: "invalid deliveryStatus")
                    }
                    let consumption = RefundRequest.Consumption(
                        customerConsented: true, deliveryStatus: info.deliveryStatus,
                        consumptionPercentage: info.consumptionPercentage,
                        refundPreference: info.refundPreference,
                        sampleContentProvided: info.sampleContentProvided)
                    try await Self.store { () async throws(StoreError) in
                        try await store.recordConsumption(consumption, transactionID: id)
                    }
                    return Empty()
                }
            }
        }
        router.add("PUT", "/inApps/v1/transactions/{originalTransactionId}/appAccountToken") {
            request, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try transactionID(parameters, "originalTransactionId", invalid: 4_000_008)
                let requested = try body(Models.AppAccountTokenRequest.self, of: request)
                guard let token = requested.appAccountToken.flatMap(UUID.init(uuidString:)) else {
                    throw .appStoreAPI(
                        status: 400, code: 4_000_183, message: "appAccountToken must be a UUID")
                }
                let found = try await transaction(id, in: store, notFound: 4_040_005)
                guard found.transaction.originalID == id else {
                    throw .appStoreAPI(
                        status: 400, code: 4_000_187, message: "\(id) is not an original transaction ID")
                }
                try await Self.store(notFound: 4_040_005) { () async throws(StoreError) in
                    try await store.setAppAccountToken(token, originalTransactionID: id)
                }
                return Empty()
            }
        }
    }

    /// Checks `extendByDays` (1-90), `extendReasonCode` (0-3) and `requestIdentifier`.
    private static func validExtension(_ request: Models.ExtendRequest) throws(StoreServerError) -> Int {
        guard let days = request.extendByDays, (1...90).contains(days) else {
            throw .appStoreAPI(status: 400, code: 4_000_009, message: "extendByDays must be 1 to 90")
        }
        guard let reason = request.extendReasonCode, (0...3).contains(reason) else {
            throw .appStoreAPI(status: 400, code: 4_000_010, message: "extendReasonCode must be 0 to 3")
        }
        guard let identifier = request.requestIdentifier, !identifier.isEmpty, identifier.count <= 128 else {
            throw .appStoreAPI(status: 400, code: 4_000_011, message: "requestIdentifier is required")
        }
        return days
    }
}
