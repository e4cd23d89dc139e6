import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// Retention Messaging's rows behind the store: checks come before any write, every change is
/// one journal line naming the call's account and store time, and the cancel sheet's answer is
/// read from the endpoint's call without a store.
@Suite struct RetentionServiceTests {
    func service(_ parts: StoreParts, account: AccountName = "tester", failed: CallCount = CallCount())
        -> RetentionService
    {
        RetentionService(
            ledger: parts.ledger, products: parts.opened.products, signer: parts.signer,
            wallClock: { StoreParts.wall }, storeTime: parts.now, account: account, state: parts.state,
            lookup: { _ in nil }, writeFailed: failed.called)
    }

    func refusal(_ body: () throws(RetentionError) -> Void) -> RetentionError? {
        do throws(RetentionError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func theRealtimeURLIsStoredJournaledAndDeleted() throws {
        let parts = try StoreParts()
        let retention = service(parts, account: "alice")
        try retention.setRealtimeURL("https://example.com/retention")
        #expect(try retention.realtimeURL() == "https://example.com/retention")
        #expect(try retention.configuredRealtimeURL() == "https://example.com/retention")
        let line = try #require(try parts.journal().last)
        #expect(line.action == "Configuring the retention real-time URL")
        #expect(line.account == "alice" && line.storeTime == parts.now && line.source == .wire)
        try retention.deleteRealtimeURL()
        #expect(refusal { () throws(RetentionError) in _ = try retention.realtimeURL() }?.status == 404)
        #expect(refusal { () throws(RetentionError) in try retention.deleteRealtimeURL() }?.status == 404)
    }

    @Test func aRefusedURLStoresNothing() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        let before = try parts.journal().count
        let refused = refusal { () throws(RetentionError) in try retention.setRealtimeURL("ftp://example.com")
        }
        #expect(refused?.code == 4_000_215)
        let long = "https://example.com/" + String(repeating: "a", count: RetentionLimits.realtimeURLLength)
        #expect(refusal { () throws(RetentionError) in try RetentionService.checkRealtimeURL(long) } != nil)
        #expect(try parts.journal().count == before)
        #expect(try retention.configuredRealtimeURL() == nil)
    }

    @Test func autoApproveIsOffUntilSet() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        #expect(try !retention.autoApprove())
        try retention.setAutoApprove(true)
        #expect(try retention.autoApprove())
        #expect(try parts.journal().last?.result == "on")
    }

    @Test func aDefaultNeedsAnAutoRenewableProductOfTheCatalog() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        let consumable = refusal { () throws(RetentionError) in
            try retention.configureDefault(productID: "gems", locale: "en-US", messageID: UUID())
        }
        #expect(consumable?.code == 4_000_023)
        let missing = refusal { () throws(RetentionError) in
            try retention.configureDefault(productID: "nothing", locale: "en-US", messageID: UUID())
        }
        #expect(missing?.code == 4_000_023)
    }

    @Test func aPerformanceTestNeedsASubscriptionTheStoreKnows() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        let unknown = refusal { () throws(RetentionError) in
            _ = try retention.startPerformanceTest(originalTransactionID: "2000000000000001")
        }
        #expect(unknown?.code == 4_000_211)
        let garbage = refusal { () throws(RetentionError) in
            _ = try retention.startPerformanceTest(originalTransactionID: "not a number")
        }
        #expect(garbage?.code == 4_000_211)
    }

    /// The endpoint's answer decides the sheet only when it came in time and is usable.
    @Test func theSheetFallsBackOnAFailedLateOrUnusableCall() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        let payload = RealtimeRequestPayload(
            originalTransactionID: 1, appAppleID: 1, productID: "pro.monthly", userLocale: "en-US",
            signedDate: parts.now, environment: .sandbox)
        let prepared = RetentionService.PreparedCall(
            url: "http://127.0.0.1:9/retention", payload: payload, signedPayload: "x",
            endpoint: try RetentionEndpoint(url: "http://127.0.0.1:9/retention"), locale: "en-US")
        func reason(_ call: RetentionEndpoint.Call) -> String? {
            guard case .fallback(let reason) = retention.sheet(for: prepared, answer: call).source else {
                return nil
            }
            return reason
        }
        let refused = reason(.init(result: .socketIssue, httpStatus: nil, body: [], milliseconds: 3))
        #expect(refused == "the endpoint's call ended SOCKET_ISSUE after 3 ms")
        let late = reason(.init(result: .success, httpStatus: 200, body: [], milliseconds: 900))
        #expect(late == "the endpoint's call ended TIMED_OUT (HTTP 200) after 900 ms")
        let garbage = reason(
            .init(result: .success, httpStatus: 200, body: Array("{".utf8), milliseconds: 5))
        #expect(garbage?.hasPrefix("the endpoint's answer is not usable") == true)
        let sheet = retention.sheet(
            for: prepared, answer: .init(result: .success, httpStatus: 200, body: [], milliseconds: 900))
        #expect(sheet.exchange?.result == .timedOut && sheet.productID == "pro.monthly")
    }

    @Test func aFallbackShowsNoDefaultWhenNoneIsConfigured() throws {
        let parts = try StoreParts()
        let retention = service(parts)
        let fallback = RetentionSheet(
            productID: "pro.monthly", locale: "en-US", content: nil, source: .fallback(reason: "none"))
        let shown = try retention.withDefault(fallback)
        #expect(shown.content == nil && shown.source == .fallback(reason: "none"))
        try retention.journal(shown)
        #expect(try parts.journal().last?.action == "Opening the cancel sheet of pro.monthly in en-US")
    }
}
