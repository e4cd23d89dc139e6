import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// A refused operation or request leaves no trace: after the refusal the live store reads
/// exactly as a store freshly opened on the same ledger does, in memory and on disk (issue 22,
/// item 3). Run over every `StoreOperation` and `StoreRequest` with inputs that must fail.
@Suite struct RefusalLeavesNoTraceTests {
    /// One authority for every store here: a reopened store must sign as the live one did.
    static let signer = Result { try CoveringSigner(authority: .ephemeral()) }

    /// A store on a ledger file with something of everything: a subscription, a consumable,
    /// a purchase waiting for approval.
    struct Fixture {
        var store: SimulatedStore
        var directory: URL
        var subscription: UInt64
        var consumable: UInt64
        var pending: UInt64

        func reopened() throws -> SimulatedStore { try RefusalLeavesNoTraceTests.open(directory) }
    }

    static func open(_ directory: URL) throws -> SimulatedStore {
        try SimulatedStore(
            catalog: TestCatalog(), ledger: .directory(directory), signer: try signer.get(),
            frozenClock: true,
            wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
    }

    static func fixture() async throws -> Fixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try open(directory)
        guard case .success(let monthly) = try await store.purchase("pro.monthly"),
            case .success(let gems) = try await store.purchase("gems", options: [.idempotencyKey("gems-1")])
        else { throw StoreError.backend("the fixture's purchases did not complete") }
        try await store.apply(.askToBuy(true))
        guard case .pending(let pending) = try await store.purchase("lifetime") else {
            throw StoreError.backend("the fixture's Ask to Buy purchase did not wait")
        }
        try await store.apply(.askToBuy(false))
        return Fixture(
            store: store, directory: directory, subscription: monthly.unsafePayloadValue.id,
            consumable: gems.unsafePayloadValue.id, pending: pending)
    }

    /// What must be refused, with the fixture's IDs at hand.
    enum Refused: Sendable, CustomTestStringConvertible {
        case operation(StoreOperation)
        case request(StoreRequest)

        var testDescription: String {
            switch self {
            case .operation(let operation): "\(operation)"
            case .request(let request): "\(request)"
            }
        }
    }

    static let unknown: UInt64 = 9_999_999
    static let group = TestCatalog.group

    static func refusals(_ f: Fixture) -> [Refused] {
        let operations: [StoreOperation] = [
            .addAccount(StoreAccount(name: "  ", storefront: "USA")),
            .addAccount(StoreAccount(name: "carol", storefront: "ZZZ")),
            .approveAskToBuy(transactionID: unknown), .approveAskToBuy(transactionID: f.consumable),
            .declineAskToBuy(transactionID: f.subscription),
            .refund(transactionID: unknown, reason: .other, percentage: RefundRequest.fullRefund),
            .refund(transactionID: f.pending, reason: .other, percentage: RefundRequest.fullRefund),
            .openRefundRequest(transactionID: unknown, reason: .other),
            .grantRefundRequest(transactionID: f.consumable, percentage: RefundRequest.fullRefund),
            .declineRefundRequest(transactionID: f.consumable),
            .reverseRefund(transactionID: f.consumable),
            .expireSubscription(productID: "gems"), .expireSubscription(productID: "no.such.product"),
            .forceRenewal(productID: "no.such.product"),
            .setAutoRenew(false, transactionID: unknown),
            .requestPriceIncreaseConsent(transactionID: f.consumable),
            .respondToPriceIncrease(transactionID: f.subscription, accept: true),
            .resolveIssue(transactionID: f.subscription),
            .deleteTransaction(transactionID: unknown),
            .buyOffDevice(productID: "no.such.product", options: []),
            .buyOffDevice(productID: "gems", options: [.quantity(0)]),
            .advanceClock(seconds: -1), .advanceClock(seconds: .nan), .advanceClock(seconds: .infinity),
            .advanceClock(seconds: 8e23),
            // The issue's reproduction: 200 monthly periods pass the authority's ten years.
            .advanceClockPeriods(count: 200, groupID: group),
            .advanceClockPeriods(count: 0, groupID: group),
            .advanceClockPeriods(count: Int(Int32.max), groupID: group),
            .advanceClockPeriods(count: 1, groupID: "no.such.group"),
            .apply(.storefront("ZZZ")), .apply(.billingGracePeriodDays(5)),
            .setSimulatedError(.purchase(.invalidQuantity), api: .loadProducts),
            .saveState(name: "../escape"), .loadState(name: "never-saved"),
        ]
        let requests: [StoreRequest] = [
            .purchase(productID: "no.such.product", options: [], confirmed: true),
            .purchase(productID: "gems", options: [.quantity(11)], confirmed: true),
            .purchase(productID: "season", options: [.idempotencyKey("gems-1")], confirmed: true),
            .purchase(
                productID: "gems", options: [.idempotencyKey("gems-1"), .appAccountToken(UUID())],
                confirmed: true),
            .finish(transactionID: unknown), .finish(transactionID: f.pending),
            .redeemOfferCode("NO-SUCH-CODE"),
            .requestRefund(transactionID: unknown, reason: .other),
            // A cancel sheet for a product the account has no subscription to.
            .retentionMessage(productID: "no.such.product"), .retentionMessage(productID: "gems"),
        ]
        return operations.map(Refused.operation) + requests.map(Refused.request)
    }

    /// Operations and requests that take no input that could be refused: they fail only when
    /// the ledger does, or when a failure is simulated (below). A journal note is a typed
    /// `JournalNote` whose words are cut to one line of 200 characters, never refused by the
    /// store (the wire refuses words that are no note before the store sees them).
    static let withoutRefusableInput: Set<String> = [
        "operation.clearTransactions", "operation.resetToDefaultState", "request.sync",
        "request.showManageSubscriptions", "operation.journalNote",
    ]

    @Test func everyRefusalLeavesTheStoreAsAReopenedStoreFindsIt() async throws {
        let fixture = try await Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        let refusals = Self.refusals(fixture)
        for refused in refusals {
            switch await Self.outcome(of: refused, on: fixture.store) {
            case nil: Issue.record("\(refused.testDescription) was not refused")
            case .backend(let reason)?:
                Issue.record("\(refused.testDescription) failed, not refused: \(reason)")
            default: break
            }
            let reopened = try fixture.reopened()
            let live = try await fixture.store.snapshot(groupID: Self.group)
            let fresh = try await reopened.snapshot(groupID: Self.group)
            #expect(Self.differences(live, fresh) == [], "after \(refused.testDescription)")
            #expect(
                live.clock == Date(timeIntervalSince1970: 1_767_225_600), "after \(refused.testDescription)")
            #expect(live.records.count == 3, "after \(refused.testDescription)")
        }
        // Every case of both vocabularies is refused above, or has no input to refuse.
        let named = Set(refusals.map(Self.caseName)).union(Self.withoutRefusableInput)
        #expect(named.count == Self.operationCases + Self.requestCases, "\(named.sorted())")
    }

    /// The error `refused` ended with, nil when it went through.
    static func outcome(of refused: Refused, on store: SimulatedStore) async -> StoreError? {
        do throws(StoreError) {
            switch refused {
            case .operation(let operation): _ = try await store.perform(operation)
            case .request(let request): _ = try await store.perform(request)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func aSimulatedFailureOfAnInputlessRequestLeavesNoTrace() async throws {
        let fixture = try await Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        try await fixture.store.setSimulatedError(.generic(.networkError), for: .appStoreSync)
        try await fixture.store.setSimulatedError(.generic(.networkError), for: .manageSubscriptions)
        for request in [StoreRequest.sync, .showManageSubscriptions] {
            await #expect(throws: StoreError.self) { _ = try await fixture.store.perform(request) }
            let fresh = try await fixture.reopened().snapshot(groupID: Self.group)
            let live = try await fixture.store.snapshot(groupID: Self.group)
            #expect(Self.differences(live, fresh) == [], "after \(request)")
        }
    }

    /// The issue's reproduction, then a purchase: it commits itself alone, not a decade of
    /// renewals the refused advance had left in memory.
    @Test func aRefusedAdvanceByPeriodsLeavesNothingForTheNextPurchaseToCommit() async throws {
        let fixture = try await Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        let error = await #expect(throws: StoreError.self) {
            _ = try await fixture.store.advanceClock(periods: 200, groupID: Self.group)
        }
        #expect(error.map { "\($0)".contains("advance at most 13") } == true, "\(String(describing: error))")
        _ = try await fixture.store.purchase("gems")
        let reopened = try fixture.reopened()
        #expect(try await reopened.transactionRecords().count == 4)
        #expect(try await reopened.now() == Date(timeIntervalSince1970: 1_767_225_600))
        // What fits still goes, in one advance: a year is twelve renewals.
        let after = try await fixture.store.advanceClock(periods: 12, groupID: Self.group)
        #expect(after > Date(timeIntervalSince1970: 1_767_225_600 + 300 * 86_400))
        #expect(try await fixture.store.transactionRecords().count == 4 + 12)
    }

    /// Renewals that fell due and ran on the way to a refusal are committed when it is
    /// refused (the refusal's journal line commits the open batch), not left for whichever
    /// request comes next to commit: another reader of the ledger sees them at once.
    @Test func workRunOnTheWayToARefusalIsCommittedAtOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wall = ManualWallClock()
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .directory(directory), signer: try Self.signer.get(),
            wallClock: { wall.now })
        guard case .success(let bought) = try await store.purchase("pro.monthly") else {
            Issue.record("the subscription was not bought")
            return
        }
        wall.advance(8 * day)  // past the week's trial: the first renewal is due
        await #expect(throws: StoreError.self) { try await store.approveAskToBuy(Self.unknown) }
        let renewal = bought.unsafePayloadValue.id + 1
        #expect(try LedgerReader(stateDirectory: directory).signature(of: renewal) != nil)
    }

    /// The parts of two snapshots that differ, by name (the whole values are pages long).
    static func differences(_ live: StoreSnapshot, _ fresh: StoreSnapshot) -> [String] {
        let parts: [(String, Bool)] = [
            ("products", live.products == fresh.products),
            ("entitlements", live.entitlements == fresh.entitlements),
            // Renewal info is signed afresh on every read (ECDSA signatures differ): by payload.
            ("statuses", payloads(live.statuses) == payloads(fresh.statuses)),
            ("eligibility", live.isEligibleForIntroOffer == fresh.isEligibleForIntroOffer),
            ("records", live.records == fresh.records),
            ("recordCount", live.recordCount == fresh.recordCount),
            ("notifications", live.notifications == fresh.notifications),
            ("settings", live.settings == fresh.settings),
            ("account", live.account == fresh.account), ("accounts", live.accounts == fresh.accounts),
            ("clock", live.clock == fresh.clock), ("latestClock", live.latestClock == fresh.latestClock),
            ("simulatedErrors", live.simulatedErrors == fresh.simulatedErrors),
            ("groupID", live.groupID == fresh.groupID),
        ]
        return parts.filter { !$0.1 }.map(\.0)
    }

    static func payloads(_ statuses: [SubscriptionStatus]) -> [String] {
        statuses.map {
            "\($0.state) \($0.transaction.unsafePayloadValue) \($0.renewalInfo.unsafePayloadValue)"
        }
    }

    // MARK: Every case, by name

    static let operationCases = 25
    static let requestCases = 7

    /// Each case's name: a new case does not compile until it is named here, and the coverage
    /// check above fails until it is refused above (or listed as taking no input).
    static func caseName(_ refused: Refused) -> String {
        switch refused {
        case .operation(let operation):
            let name =
                switch operation {
                case .addAccount: "addAccount"
                case .approveAskToBuy: "approveAskToBuy"
                case .declineAskToBuy: "declineAskToBuy"
                case .refund: "refund"
                case .openRefundRequest: "openRefundRequest"
                case .grantRefundRequest: "grantRefundRequest"
                case .declineRefundRequest: "declineRefundRequest"
                case .reverseRefund: "reverseRefund"
                case .expireSubscription: "expireSubscription"
                case .forceRenewal: "forceRenewal"
                case .setAutoRenew: "setAutoRenew"
                case .requestPriceIncreaseConsent: "requestPriceIncreaseConsent"
                case .respondToPriceIncrease: "respondToPriceIncrease"
                case .resolveIssue: "resolveIssue"
                case .deleteTransaction: "deleteTransaction"
                case .clearTransactions: "clearTransactions"
                case .resetToDefaultState: "resetToDefaultState"
                case .buyOffDevice: "buyOffDevice"
                case .advanceClock: "advanceClock"
                case .advanceClockPeriods: "advanceClockPeriods"
                case .apply: "apply"
                case .setSimulatedError: "setSimulatedError"
                case .saveState: "saveState"
                case .loadState: "loadState"
                case .journalNote: "journalNote"
                }
            return "operation." + name
        case .request(let request):
            let name =
                switch request {
                case .purchase: "purchase"
                case .finish: "finish"
                case .sync: "sync"
                case .redeemOfferCode: "redeemOfferCode"
                case .requestRefund: "requestRefund"
                case .showManageSubscriptions: "showManageSubscriptions"
                case .retentionMessage: "retentionMessage"
                }
            return "request." + name
        }
    }
}
