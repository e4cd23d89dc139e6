import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// Every payload the issue-12 lifecycle produces (billing retry and grace renewal info,
/// commitments, prorated refunds, refund requests and their notifications, Family Sharing)
/// passes Apple's verifier with the strict field check.
@Suite struct LifecyclePayloadInteropTests {
    @Test func applesVerifierAcceptsEveryLifecyclePayload() async throws {
        let fixture = try await APIFixture()
        let store = fixture.store
        try await store.addAccount(StoreAccount(name: "tester", familyID: "family"))
        try await store.addAccount(StoreAccount(name: "kid", familyID: "family"))
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        let eligibility = PurchaseOption.introductoryOfferEligibility(false)
        _ = try await store.purchase(
            "com.kiosk.lumen.ultimate.annual", options: [.billingPlanType(.monthly), eligibility])
        _ = try await store.advanceClock(periods: 1, groupID: "4A1D2E90")  // into grace
        guard case .success(let pack) = try await store.purchase("com.kiosk.lumen.filmpack"),
            case .success(let lifetime) = try await store.purchase("com.kiosk.lumen.lifetime")
        else { throw StoreError.invalidAction("purchase failed") }
        try await store.refund(pack.unsafePayloadValue.id, reason: .other, percentage: 25_000)
        // CONSUMPTION_REQUEST for a consumable; a non-consumable's request opens without one.
        guard case .success(let credits) = try await store.purchase("com.kiosk.lumen.aicredits10") else {
            throw StoreError.invalidAction("purchase failed")
        }
        try await store.openRefundRequest(credits.unsafePayloadValue.id, reason: .legal)
        try await store.openRefundRequest(lifetime.unsafePayloadValue.id, reason: .legal)

        // Send Consumption Information lands on the open request.
        let body =
            #"{"customerConsented":true,"deliveryStatus":"DELIVERED","consumptionPercentage":25000,"refundPreference":"DECLINE"}"#
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Authorization", "Bearer \(try await fixture.token())")
        let response = await fixture.server.handle(
            HTTPRequest(
                method: "PUT",
                target: "/inApps/v2/transactions/consumption/\(lifetime.unsafePayloadValue.id)",
                headers: headers, body: Array(body.utf8)))
        #expect(response.status == 202)
        let record = try #require(
            try await store.transactionRecords().first { $0.id == lifetime.unsafePayloadValue.id })
        #expect(record.refundRequest?.consumption?.refundPreference == "DECLINE")
        #expect(record.refundRequest?.consumption?.consumptionPercentage == 25_000)
        try await store.grantRefundRequest(lifetime.unsafePayloadValue.id, percentage: 100_000)
        try await store.reverseRefund(lifetime.unsafePayloadValue.id)
        _ = try await store.advanceClock(by: 17 * 86_400)  // grace ends, billing retry goes on

        var cases: [[String: String]] = []
        let root = Data(fixture.authority.root.derRepresentation).base64EncodedString()
        func add(_ name: String, _ method: String, _ jws: String) {
            cases.append(["name": name, "method": method, "jws": jws, "root": root])
        }
        for account: AccountName in ["tester", "kid"] {
            let view = store.acting(for: account)
            for record in try await view.transactionRecords() {
                add("\(account).transaction\(record.id)", "transaction", record.transaction.jwsRepresentation)
            }
            for status in try await view.subscriptionStatuses(for: "4A1D2E90") {
                add("\(account).renewal", "renewal", status.renewalInfo.jwsRepresentation)
            }
        }
        var kinds: Set<String> = []
        for (index, record) in try await store.notificationRecords().enumerated() {
            kinds.insert(record.notification.type.rawValue)
            add(
                "notification\(index)", "notification",
                try await store.signedNotification(record.notification))
        }
        #expect(
            kinds.isSuperset(of: [
                "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "REFUND", "CONSUMPTION_REQUEST",
                "REFUND_REVERSED",
                "REVOKE",
            ]))

        let input: [String: Any] = ["bundleId": await store.identity.bundleID, "cases": cases]
        let inputPath = fixture.directory.appendingPathComponent("lifecycle.json").path
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: inputPath))
        let report = try await Interop.run("verify_with_apple.py", [inputPath])
        let parsed = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
        let verdicts = parsed?["cases"] as? [String: [String: Any]] ?? [:]
        #expect(verdicts.count >= cases.count)
        for (name, verdict) in verdicts {
            #expect(verdict["status"] as? String == "OK", "\(name): \(verdict)")
            #expect((verdict["problems"] as? [Any])?.isEmpty ?? true, "\(name): \(verdict["problems"] ?? "")")
        }
        let decoded = verdicts.values.compactMap { $0["decoded"] as? [String: Any] }
        #expect(decoded.contains { ($0["commitmentInfo"] as? [String: Any])?["billingPeriodNumber"] != nil })
        #expect(
            decoded.contains { ($0["commitmentInfo"] as? [String: Any])?["commitmentRenewalDate"] != nil })
        #expect(decoded.contains { $0["revocationPercentage"] as? Int == 25_000 })
        #expect(
            decoded.contains {
                $0["expirationIntent"] as? Int == 2 && $0["isInBillingRetryPeriod"] as? Bool == true
            })
        let data = decoded.compactMap { $0["data"] as? [String: Any] }
        #expect(data.contains { $0["consumptionRequestReason"] as? String == "LEGAL" })
        await fixture.stop()
    }
}
