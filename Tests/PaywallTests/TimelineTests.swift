import Foundation
import Paywall
import Simulator
import SnapshotSupport
import StoreCore
import TerminalUI
import Testing

/// The subscription timeline: a rich history (trial → paid → upgrade → grace → billing retry →
/// recovered → refund) made through the store, drawn at 60 and 100 columns.
@Suite struct TimelineTests {
    static let group = "4A1D2E90"

    /// Built once for the suite's tests.
    static let shared = Task { try await richHistory() }

    /// The history, and the names and levels the picture uses.
    static func richHistory() async throws -> (SubscriptionTimeline, [String: String]) {
        let store = try Fixtures.store()
        func latestID(_ product: String) async throws -> UInt64 {
            try #require(try await store.latest(for: product)).unsafePayloadValue.id
        }
        _ = try await store.purchase("com.kiosk.lumen.pro.monthly")
        _ = try await store.advanceClock(by: 8 * 86_400)
        _ = try await store.advanceClock(by: 10 * 86_400)
        _ = try await store.purchase("com.kiosk.lumen.ultimate.monthly")
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        try await store.apply(.billingGracePeriodDays(3))
        let expiration = try #require(
            try await store.latest(for: "com.kiosk.lumen.ultimate.monthly")?.unsafePayloadValue.expirationDate
        )
        _ = try await store.advanceClock(by: expiration.timeIntervalSince(try await store.now()) + 6 * 86_400)
        try await store.resolveIssue(transactionID: try await latestID("com.kiosk.lumen.ultimate.monthly"))
        _ = try await store.advanceClock(by: 3 * 86_400)
        try await store.refund(try await latestID("com.kiosk.lumen.ultimate.monthly"), reason: .other)
        let products = try await store.allProducts()
        let levels = Dictionary(
            uniqueKeysWithValues: products.compactMap { p in p.subscription.map { (p.id, $0.groupLevel) } })
        let timeline = SubscriptionTimeline(
            groupID: group, records: try await store.transactionRecords(),
            notifications: try await store.notificationHistory(limit: 100), levels: levels,
            now: try await store.now())
        return (timeline, Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0.displayName) }))
    }

    @Test func theHistoryHasEveryKindOfSpanAndMoment() async throws {
        let (timeline, _) = try await Self.shared.value
        #expect(timeline.spans.map(\.kind) == [.trial, .paid, .paid, .gracePeriod, .billingRetry, .paid])
        #expect(timeline.marks.map(\.kind) == [.purchase, .renewal, .upgrade, .recovery, .refund])
        let grace = try #require(timeline.spans.first { $0.kind == .gracePeriod })
        let retry = try #require(timeline.spans.first { $0.kind == .billingRetry })
        #expect(grace.end == retry.start && grace.end.timeIntervalSince(grace.start) == 3 * 86_400)
    }

    @Test(arguments: [60, 100])
    func snapshot(width: Int) async throws {
        let (timeline, names) = try await Self.shared.value
        let text = TimelineRenderer.plainText(timeline, width: width, names: names)
        for line in text.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
        assertSnapshot(text, named: "timeline-\(width)")
    }

    @Test func rolesComeFromTheTheme() async throws {
        let (timeline, _) = try await Self.shared.value
        let runs = TimelineRenderer.lines(timeline, width: 80).flatMap { $0 }
        #expect(runs.contains { $0.role == .error && $0.text.contains("~") })
        #expect(runs.contains { $0.role == .warning && $0.text.contains("≈") })
        #expect(runs.contains { $0.role == .success && $0.text.contains("█") })
    }

    static func timeline(of store: SimulatedStore) async throws -> SubscriptionTimeline {
        var levels: [String: Int] = [:]
        for product in try await store.allProducts() { levels[product.id] = product.subscription?.groupLevel }
        return SubscriptionTimeline(
            groupID: group, records: try await store.transactionRecords(),
            notifications: try await store.notificationHistory(limit: 100), levels: levels,
            now: try await store.now())
    }

    @Test func aDowngradeAtRenewalThenExpiry() async throws {
        let store = try Fixtures.store()
        _ = try await store.purchase("com.kiosk.lumen.ultimate.monthly")
        _ = try await store.purchase("com.kiosk.lumen.pro.monthly")  // takes effect at the renewal
        _ = try await store.advanceClock(by: 32 * 86_400)
        let latest = try #require(try await store.latest(for: "com.kiosk.lumen.pro.monthly"))
        try await store.setAutoRenew(false, transactionID: latest.unsafePayloadValue.id)
        _ = try await store.advanceClock(by: 40 * 86_400)
        let timeline = try await Self.timeline(of: store)
        #expect(timeline.marks.map(\.kind) == [.purchase, .downgrade, .expiry])
        #expect(timeline.spans.map(\.kind) == [.paid, .paid])
        let text = TimelineRenderer.plainText(timeline, width: 60)
        #expect(text.contains("↓ downgraded") && text.contains("× expired"))
    }

    @Test func anOngoingGracePeriodIsDrawnToItsEndPastNow() async throws {
        let store = try Fixtures.store()
        _ = try await store.purchase("com.kiosk.lumen.ultimate.monthly")
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        _ = try await store.advanceClock(by: 32 * 86_400)
        let timeline = try await Self.timeline(of: store)
        let grace = try #require(timeline.spans.last)
        #expect(grace.kind == .gracePeriod && grace.end > timeline.now)
        #expect(!timeline.spans.contains { $0.kind == .billingRetry })
        #expect(TimelineRenderer.plainText(timeline, width: 60).contains("≈ grace until"))
    }
}
