import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import Testing

/// Notifications V2 delivery: retries on Apple's schedule in store time, every attempt kept,
/// and each payload (with the JWS nested in it) verified by Apple's library.
@Suite struct WebhookDeliveryTests {
    @Test func retryScheduleIsApplesInHoursAfterTheFirstAttempt() {
        let first = Date(timeIntervalSince1970: 0)
        let hours = (1...6).map { WebhookDelivery.nextAttempt(firstAttempt: first, failedAttempts: $0) }
        #expect(hours.map { $0.map { $0.timeIntervalSince1970 / 3_600 } } == [1, 12, 24, 48, 72, nil])
    }

    /// A long advance records many events for one account: one pass sends them all, in order,
    /// each signed at its own moment.
    @Test func aCatchUpReachesTheWebhookInOnePassInOrder() async throws {
        let fixture = try await APIFixture()
        let received = Mutex<[NotificationPayload]>([])
        let receiver = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: String]
            if let jws = object?["signedPayload"],
                let payload = try? StoredJWS.payload(of: jws, as: NotificationPayload.self)
            {
                received.withLock { $0.append(payload) }
            }
            return HTTPResponse(status: 200)
        }
        receiver.start()
        let delivery = try WebhookDelivery(
            store: fixture.store, url: "http://127.0.0.1:\(receiver.port)/hook")
        _ = try await fixture.store.purchase("com.kiosk.lumen.pro.monthly")
        try await fixture.store.apply(.billingRetryOnRenewal(true))
        try await fixture.store.apply(.billingGracePeriod(true))
        _ = try await fixture.store.advanceClock(by: 95 * 86_400)
        let recorded = try await fixture.store.notifications()
        #expect(recorded.count >= 4)
        #expect(await delivery.deliverDue() == recorded.count)
        let payloads = received.withLock { $0 }
        #expect(payloads.map(\.notificationUUID) == recorded.map(\.id))
        #expect(payloads.map(\.signedDate) == recorded.map(\.createdAt))
        #expect(
            payloads.map(\.data?.status) == [.subscribed, .inGracePeriod, .inBillingRetryPeriod, .expired])
        await receiver.stop(gracePeriod: 1)
        await fixture.stop()
    }

    @Test func failedDeliveryIsRetriedWhenDueAndEveryAttemptIsKept() async throws {
        let fixture = try await APIFixture()
        let received = Mutex<[String]>([])
        let receiver = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            let count = received.withLock { bodies in
                bodies.append(String(decoding: request.body, as: UTF8.self))
                return bodies.count
            }
            return HTTPResponse(status: count == 1 ? 500 : 200)
        }
        receiver.start()
        let delivery = try WebhookDelivery(
            store: fixture.store, url: "http://127.0.0.1:\(receiver.port)/hook")
        _ = try await fixture.store.purchase("com.kiosk.lumen.pro.monthly")

        #expect(await delivery.deliverDue() == 1)
        #expect(await delivery.deliverDue() == 0)  // the retry is an hour away in store time
        _ = try await fixture.store.advanceClock(by: 3_600)
        #expect(await delivery.deliverDue() == 1)
        #expect(await delivery.deliverDue() == 0)

        let records = try await fixture.store.notificationRecords()
        #expect(records.count == 1)
        let attempts = records.first?.attempts ?? []
        #expect(attempts.map(\.result) == [.unsuccessfulHTTPResponseCode, .success])
        #expect(attempts.map(\.httpStatus) == [500, 200])
        #expect(attempts.last?.nextAttemptAt == nil)

        let bodies = received.withLock { $0 }
        #expect(bodies.count == 2)
        // The notification was signed once, when first asked for: the retry sends the same bytes,
        // and Get Notification History returns them unchanged.
        #expect(bodies.first == bodies.last)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Authorization", "Bearer \(try await fixture.token())")
        let history = await fixture.server.handle(
            HTTPRequest(
                method: "POST", target: "/inApps/v1/notifications/history", headers: headers,
                body: Array(#"{"startDate":0,"endDate":99999999999999}"#.utf8)))
        let page = try JSONSerialization.jsonObject(with: Data(history.bodyBytes)) as? [String: Any]
        let items = page?["notificationHistory"] as? [[String: Any]] ?? []
        let delivered =
            try JSONSerialization.jsonObject(with: Data((bodies.first ?? "").utf8)) as? [String: String]
        #expect(items.count == 1)
        #expect(items.first?["signedPayload"] as? String == delivered?["signedPayload"])
        let root = Data(fixture.authority.root.derRepresentation).base64EncodedString()
        var cases: [[String: String]] = []
        for (index, body) in bodies.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
            cases.append([
                "name": "delivery\(index)", "method": "notification", "jws": object?["signedPayload"] ?? "",
                "root": root,
            ])
        }
        let input: [String: Any] = ["bundleId": await fixture.store.identity.bundleID, "cases": cases]
        let inputPath = fixture.directory.appendingPathComponent("webhook.json").path
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: inputPath))
        let report = try await Interop.run("verify_with_apple.py", [inputPath])
        let parsed = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
        let verdicts = parsed?["cases"] as? [String: [String: Any]] ?? [:]
        for name in [
            "delivery0", "delivery1", "delivery1.signedTransactionInfo", "delivery1.signedRenewalInfo",
        ] {
            #expect(verdicts[name]?["status"] as? String == "OK", "\(name): \(verdicts[name] ?? [:])")
            #expect((verdicts[name]?["problems"] as? [Any])?.isEmpty ?? true, "\(name)")
        }
        await receiver.stop(gracePeriod: 1)
        await fixture.stop()
    }
}
