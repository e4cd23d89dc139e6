import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// How a notification's fixed content and signed payload are kept (`outbox_payloads`, schema 7).
@Suite struct NotificationPayloadStorageTests {
    /// A notification recorded by a Kiosk before schema 7 has no content row: it is signed with
    /// the state of its first delivery, as that Kiosk did, and the same bytes are sent after.
    @Test func aNotificationFromAnOlderLedgerIsSignedOnceFromTheStateOfThen() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            _ = try await store.purchase("pro.monthly")
        }
        let connection = try SQLiteConnection(path: directory.appendingPathComponent("ledger.sqlite").path)
        try connection.execute("DELETE FROM outbox_payloads")
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let notification = try #require(try await reopened.notifications().first)
        let jws = try await reopened.signedNotification(notification)
        #expect(try await reopened.signedNotification(notification) == jws)
        let payload = try StoredJWS.payload(of: jws, as: NotificationPayload.self)
        #expect(payload.notificationType == .subscribed && payload.data?.status == .subscribed)
        #expect(payload.data?.signedRenewalInfo != nil && payload.data?.signedTransactionInfo != nil)
    }

    /// The content survives a restart: a notification first signed after reopening says what
    /// its event left, not what the store holds at delivery.
    @Test func theContentIsTheEventsAcrossARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            guard case .success(let bought) = try await store.purchase("pro.monthly") else {
                Issue.record("purchase failed")
                return
            }
            try await store.setAutoRenew(false, transactionID: bought.unsafePayloadValue.id)
            try await store.setAutoRenew(true, transactionID: bought.unsafePayloadValue.id)
        }
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        var willAutoRenew: [String: Bool] = [:]
        for notification in try await reopened.notifications() {
            let payload = try StoredJWS.payload(
                of: try await reopened.signedNotification(notification), as: NotificationPayload.self)
            let renewal = try StoredJWS.payload(
                of: try #require(payload.data?.signedRenewalInfo), as: RenewalInfo.self)
            willAutoRenew[
                [notification.type.rawValue, notification.subtype?.rawValue].compactMap { $0 }.joined(
                    separator: "/")] =
                renewal.willAutoRenew
        }
        #expect(
            willAutoRenew == [
                "SUBSCRIBED/INITIAL_BUY": true, "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED": false,
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED": true,
            ])
    }
}
