import Foundation
import HTTP
import Simulator
import StoreCore

/// Test notifications and notification history, with every delivery attempt.
extension AppStoreServerAPI {
    static func addNotificationRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("POST", "/inApps/v1/notifications/test") { _, _ in
            await respond { () async throws(StoreServerError) in
                let test = try await Self.store { () async throws(StoreError) in
                    try await store.requestTestNotification()
                }
                return Models.TestNotification(
                    testNotificationToken:
                        "\(test.id.uuidString.lowercased())_\(test.createdAt.appleMilliseconds)")
            }
        }
        router.add("GET", "/inApps/v1/notifications/test/{testNotificationToken}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let token = parameters["testNotificationToken"] ?? ""
                guard let id = token.split(separator: "_").first.flatMap({ UUID(uuidString: String($0)) })
                else {
                    throw .appStoreAPI(
                        status: 400, code: 4_000_020, message: "invalid test notification token")
                }
                let record = try await Self.store { () async throws(StoreError) -> NotificationRecord? in
                    guard let found = try await store.notification(id: id), found.type == .test else {
                        return nil
                    }
                    return try await store.notificationRecords(after: found.sequence - 1, limit: 1).first
                }
                guard let record else {
                    throw .appStoreAPI(status: 404, code: 4_040_008, message: "test notification not found")
                }
                let signed = try await Self.store { () async throws(StoreError) in
                    try await store.signedNotification(record.notification)
                }
                return Models.CheckTestNotification(signedPayload: signed, sendAttempts: attempts(record))
            }
        }
        router.add("POST", "/inApps/v1/notifications/history") { request, _ in
            await respond { () async throws(StoreServerError) in
                try await notificationHistory(request, store: store)
            }
        }
    }

    static func attempts(_ record: NotificationRecord) -> [Models.SendAttempt] {
        record.attempts.map {
            Models.SendAttempt(attemptDate: $0.attemptedAt.appleMilliseconds, sendAttemptResult: $0.result)
        }
    }

    /// Get Notification History: notifications created in `[startDate, endDate)`, filtered by
    /// type and subtype or by a customer's transaction, 20 a page.
    private static func notificationHistory(_ request: HTTPRequest, store: SimulatedStore)
        async throws(StoreServerError) -> Models.NotificationHistory
    {
        let query = try body(Models.NotificationHistoryRequest.self, of: request)
        guard let startMS = query.startDate else {
            throw .appStoreAPI(status: 400, code: 4_000_015, message: "startDate is required")
        }
        guard let endMS = query.endDate else {
            throw .appStoreAPI(status: 400, code: 4_000_016, message: "endDate is required")
        }
        guard startMS <= endMS else {
            throw .appStoreAPI(status: 400, code: 4_000_013, message: "startDate is after endDate")
        }
        if query.transactionId != nil && (query.notificationType != nil || query.notificationSubtype != nil) {
            throw .appStoreAPI(
                status: 400, code: 4_000_019,
                message: "give either transactionId or notificationType, not both")
        }
        var originalID: UInt64?
        if let text = query.transactionId {
            guard let id = UInt64(text) else {
                throw .appStoreAPI(status: 400, code: 4_000_006, message: "invalid transaction id '\(text)'")
            }
            originalID = try await transaction(id, in: store).transaction.originalID
        }
        let token = queryItems(request).first { $0.name == "paginationToken" }?.value
        var cursor = try position(ofPageToken: token, invalid: 4_000_014)
        let start = Date(timeIntervalSince1970: Double(startMS) / 1000)
        let end = Date(timeIntervalSince1970: Double(endMS) / 1000)
        var page: [NotificationRecord] = []
        var hasMore = false
        // Filters apply after reading, so read in batches until a page and one more are found.
        scan: while true {
            let batch = try await Self.store { () async throws(StoreError) in
                try await store.notificationRecords(from: start, to: end, after: cursor, limit: 500)
            }
            for record in batch {
                let note = record.notification
                // The request's words stay text: a type Kiosk does not know matches nothing, as at Apple.
                if let type = query.notificationType, note.type.rawValue != type { continue }
                if let subtype = query.notificationSubtype, note.subtype?.rawValue != subtype { continue }
                if let originalID, note.originalTransactionID != originalID { continue }
                if query.onlyFailures == true,
                    record.attempts.contains(where: \.succeeded) || record.attempts.isEmpty
                {
                    continue
                }
                if page.count == pageSize {
                    hasMore = true
                    break scan
                }
                page.append(record)
            }
            guard batch.count == 500, let last = batch.last else { break }
            cursor = last.notification.sequence
        }
        var items: [Models.HistoryItem] = []
        for record in page {
            let signed = try await Self.store { () async throws(StoreError) in
                try await store.signedNotification(record.notification)
            }
            items.append(Models.HistoryItem(signedPayload: signed, sendAttempts: attempts(record)))
        }
        let next = page.last?.notification.sequence ?? cursor
        return Models.NotificationHistory(
            paginationToken: pageToken(next), hasMore: hasMore, notificationHistory: items)
    }
}
