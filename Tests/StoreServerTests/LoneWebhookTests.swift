import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import TestSupport
import Testing

/// Time passes for a server nobody watches (issue 23): `kiosk serve` with only a webhook, no
/// client and no update stream, renews on its own at the time rate's pace, and each DID_RENEW
/// reaches the webhook signed at the moment of its renewal.
@Suite struct LoneWebhookTests {
    @Test func renewalsReachALoneWebhookAtEveryFastRate() async throws {
        for rate in [TimeRate.oneRenewalEveryTwoSeconds, .oneRenewalEveryTenSeconds] {
            try await renewalsReachTheWebhook(at: rate)
        }
    }

    private func renewalsReachTheWebhook(at rate: TimeRate) async throws {
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: try APIFixture.catalog(), location: .memory(signedBy: authority))
        try await store.apply(.timeRate(rate))
        let received = Mutex<[NotificationPayload]>([])
        let receiver = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            if let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: String],
                let jws = object["signedPayload"],
                let payload = try? StoredJWS.payload(of: jws, as: NotificationPayload.self)
            {
                received.withLock { $0.append(payload) }
            }
            return HTTPResponse(status: 200)
        }
        receiver.start()
        let delivery = try WebhookDelivery(store: store, url: "http://127.0.0.1:\(receiver.port)/hook")
        delivery.start()
        // Served, but no client ever connects: only the webhook hears of anything.
        let server = StoreServer(store: store, token: ServerToken.generate(), rootCertificate: authority.root)
        let http = try await server.listen(HTTPServerConfiguration(port: 0))
        _ = try await store.perform(.buyOffDevice(productID: "com.kiosk.lumen.pro.monthly", options: []))
        func renewals() -> [NotificationPayload] {
            received.withLock { $0.filter { $0.notificationType == .didRenew } }
        }
        try await waitUntil("two DID_RENEW at \(rate) (have \(renewals().count))", seconds: 120) {
            renewals().count >= 2
        }
        for renewal in renewals().prefix(2) {
            let transaction = try #require(
                try renewal.data?.signedTransactionInfo.map {
                    try StoredJWS.payload(of: $0, as: Transaction.self)
                })
            // Signed at its renewal, as Apple signs when the event happens.
            #expect(renewal.signedDate == transaction.purchaseDate, "\(rate)")
            #expect(renewal.data?.status == .subscribed, "\(rate)")
        }
        delivery.stop()
        await http.stop(gracePeriod: 1)
        await receiver.stop(gracePeriod: 1)
    }
}
