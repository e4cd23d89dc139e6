import Catalog
import Foundation
import Presets
import Signing
import Simulator
import StoreCore
import Synchronization
import Testing

/// Each preset, applied to a fresh store on the demo catalog, is in the state its name promises,
/// read back through the store's own API.
@Suite struct PresetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let start = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28 20:26 UTC

    static func store(_ catalog: String = "demo") throws -> SimulatedStore {
        let loaded = try LoadedCatalog.load(
            contentsOf: root.appendingPathComponent("catalogs/\(catalog).storekit").path)
        let authority = try CertificateAuthority.ephemeral(now: start)
        return try SimulatedStore.open(
            catalog: loaded, location: .memory(signedBy: authority), frozenClock: true, wallClock: { start })
    }

    /// A store with the preset applied.
    static func applied(_ name: String) async throws -> SimulatedStore {
        let store = try store()
        try await PresetRunner(try Preset.named(name)).apply(to: store)
        return store
    }

    static let group = "4A1D2E90"

    static func status(_ store: SimulatedStore) async throws -> SubscriptionStatus {
        let statuses = try await store.subscriptionStatuses(for: group)
        return try #require(statuses.first)
    }

    @Test func everyPresetHasANameSummaryAndATest() {
        #expect(Preset.all.count >= 11)
        #expect(Set(Preset.all.map(\.name)).count == Preset.all.count)
        for preset in Preset.all {
            #expect(!preset.summary.isEmpty && preset.summary.count <= 80, "\(preset.name)")
            #expect(preset.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(preset.name)")
        }
    }

    @Test func startsAtMidnightUTC() async throws {
        let store = try await Self.applied("new-user")
        #expect(try await store.now() == Date(timeIntervalSince1970: 1_780_012_800))  // 2026-05-29 00:00
        #expect(
            PresetRunner.nextMidnight(after: Date(timeIntervalSince1970: 86_400)).timeIntervalSince1970
                == 86_400)
    }

    @Test func newUser() async throws {
        let store = try await Self.applied("new-user")
        #expect(try await store.transactionRecords().isEmpty)
        #expect(try await store.isEligibleForIntroOffer(groupID: Self.group))
        #expect(try await store.currentEntitlements().isEmpty)
    }

    @Test func trialEndingTomorrow() async throws {
        let store = try await Self.applied("trial-ending-tomorrow")
        let status = try await Self.status(store)
        #expect(status.state == .subscribed)
        let transaction = status.transaction.unsafePayloadValue
        #expect(transaction.offer?.paymentMode == .freeTrial)
        let left = try #require(transaction.expirationDate).timeIntervalSince(try await store.now())
        #expect(left == PresetStep.day)
        #expect(status.renewalInfo.unsafePayloadValue.willAutoRenew)
    }

    @Test func activeMonthly() async throws {
        let store = try await Self.applied("active-monthly")
        let status = try await Self.status(store)
        #expect(status.state == .subscribed)
        let transaction = status.transaction.unsafePayloadValue
        #expect(transaction.productID == "com.kiosk.lumen.ultimate.monthly")
        #expect(transaction.id != transaction.originalID)  // renewed once
        #expect(transaction.offer == nil)
        #expect(try await store.currentEntitlements().count == 1)
        #expect(try await store.unfinished().isEmpty)
    }

    @Test func billingRetry() async throws {
        let store = try await Self.applied("billing-retry")
        let status = try await Self.status(store)
        #expect(status.state == .inBillingRetryPeriod)
        #expect(status.renewalInfo.unsafePayloadValue.isInBillingRetry)
        #expect(try await store.currentEntitlements().isEmpty)
    }

    @Test func gracePeriod() async throws {
        let store = try await Self.applied("grace-period")
        let status = try await Self.status(store)
        #expect(status.state == .inGracePeriod)
        #expect(status.renewalInfo.unsafePayloadValue.gracePeriodExpirationDate != nil)
        #expect(try await store.currentEntitlements().count == 1)
    }

    @Test func expiredWinBack() async throws {
        let store = try await Self.applied("expired-winback")
        let status = try await Self.status(store)
        #expect(status.state == .expired)
        #expect(!status.renewalInfo.unsafePayloadValue.eligibleWinBackOfferIDs.isEmpty)
        #expect(try await store.currentEntitlements().isEmpty)
    }

    @Test func familyMember() async throws {
        let store = try await Self.applied("family-member")
        #expect(try await store.currentAccount().name == "tester")
        let entitlements = try await store.currentEntitlements().map(\.unsafePayloadValue)
        #expect(entitlements.count == 1)
        #expect(entitlements.first?.ownershipType == .familyShared)
        #expect(try await store.accounts().contains { $0.name == Preset.familyOrganizer })
    }

    @Test func askToBuyPending() async throws {
        let store = try await Self.applied("ask-to-buy-pending")
        let records = try await store.transactionRecords()
        #expect(records.map(\.state) == [.pendingApproval])
        #expect(try await store.currentEntitlements().isEmpty)
        #expect(try await store.settings().askToBuyEnabled)
    }

    @Test func refunded() async throws {
        let store = try await Self.applied("refunded")
        let status = try await Self.status(store)
        #expect(status.state == .revoked)
        #expect(status.transaction.unsafePayloadValue.revocationDate != nil)
        #expect(try await store.transactionRecords().first?.state == .refunded)
        #expect(try await store.currentEntitlements().isEmpty)
    }

    @Test func priceIncrease() async throws {
        let store = try await Self.applied("price-increase")
        let records = try await store.transactionRecords()
        #expect(records.first?.isPendingPriceIncreaseConsent == true)
        let status = try await Self.status(store)
        #expect(status.renewalInfo.unsafePayloadValue.priceIncreaseStatus == .pending)
    }

    @Test func upgraded() async throws {
        let store = try await Self.applied("upgraded")
        let records = try await store.transactionRecords()
        #expect(records.map(\.state) == [.purchased, .upgraded])
        let entitlements = try await store.currentEntitlements().map(\.unsafePayloadValue.productID)
        #expect(entitlements == ["com.kiosk.lumen.ultimate.monthly"])
        let old = records[1].transaction.unsafePayloadValue
        #expect(old.isUpgraded && old.productID == "com.kiosk.lumen.plus.monthly")
    }

    @Test func lifetimeOwner() async throws {
        let store = try await Self.applied("lifetime-owner")
        let entitlements = try await store.currentEntitlements().map(\.unsafePayloadValue)
        #expect(entitlements.map(\.productType) == [.nonConsumable])
    }

    @Test func applyingAgainStartsFresh() async throws {
        let store = try await Self.applied("refunded")
        try await PresetRunner(try Preset.named("active-monthly")).apply(to: store)
        #expect(try await store.transactionRecords().allSatisfy { $0.state != .refunded })
        #expect(try await Self.status(store).state == .subscribed)
    }

    @Test func progressCountsEveryStep() async throws {
        let preset = try Preset.named("grace-period")
        let seen = Recorder()
        try await PresetRunner(preset).apply(to: try Self.store()) { done, total in seen.add(done, total) }
        #expect(seen.values.map(\.0) == Array(0...preset.steps.count + 1))
        #expect(seen.values.allSatisfy { $0.1 == preset.steps.count + 1 })
    }

    @Test func unknownNameSuggestsAndLists() {
        #expect(throws: PresetError.self) { try Preset.named("grace") }
        do {
            _ = try Preset.named("billing-rety")
            Issue.record("an unknown name was accepted")
        } catch {
            #expect(error.description.contains("did you mean 'billing-retry'?"))
            #expect(error.description.contains("new-user, trial-ending-tomorrow"))
        }
    }

    @Test func aCatalogWithoutTheProductFailsBeforeChangingAnything() async throws {
        let store = try Self.store("minimal")
        _ = try await store.perform(.apply(.askToBuy(true)))
        await #expect(throws: PresetError.self) {
            try await PresetRunner(try Preset.named("lifetime-owner")).apply(to: store)
        }
        #expect(try await store.settings().askToBuyEnabled)
    }
}

/// Collects progress reports from the runner.
final class Recorder: Sendable {
    private let storage = Mutex<[(Int, Int)]>([])

    func add(_ done: Int, _ total: Int) { storage.withLock { $0.append((done, total)) } }
    var values: [(Int, Int)] { storage.withLock { $0 } }
}
