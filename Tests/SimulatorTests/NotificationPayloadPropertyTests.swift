import Foundation
import Signing
import Simulator
import StoreCore
import TestSupport
import Testing

/// A notification is the event's (issue 23): random sequences of purchases, tester actions and
/// clock moves, and for every notification recorded, (1) its signed payload is the same bytes
/// however often it is asked for, (2) every row of docs/behaviour.md's invariant table holds,
/// and (3) the last notification each operation made about a subscription (or one-time
/// purchase) says what Get All Subscription Statuses and Get Transaction Info answered right
/// after that operation (recorded during the run), `signedDate` apart.
@Suite struct NotificationPayloadPropertyTests {
    static let sequences = 200
    static let operationsPerSequence = 14
    static let accounts = [SimulatedStore.defaultAccount, "kid"]
    /// The test catalog's subscription levels (`TestCatalog`).
    static let levels = ["pro.monthly": 1, "pro.annual": 1, "basic.monthly": 2]

    @Test func everyNotificationSaysWhatItsEventLeft() async throws {
        var kinds: [String: Int] = [:]
        for seed in 1...UInt64(Self.sequences) {
            let seen = try await run(seed: seed)
            kinds.merge(seen) { $0 + $1 }
        }
        // The sequences must reach the interesting types, or the property says little.
        for kind in [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_FAIL_TO_RENEW",
            "DID_FAIL_TO_RENEW/GRACE_PERIOD",
            "GRACE_PERIOD_EXPIRED", "EXPIRED/VOLUNTARY", "EXPIRED/BILLING_RETRY", "REFUND", "REVOKE",
            "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "PRICE_INCREASE/PENDING",
            "REFUND_REVERSED", "REFUND_DECLINED", "ONE_TIME_CHARGE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
        ] {
            #expect(kinds[kind, default: 0] > 0, "no \(kind) in \(Self.sequences) sequences")
        }
    }

    /// One random sequence; returns how many notifications of each kind it checked.
    private func run(seed: UInt64) async throws -> [String: Int] {
        var random = SplitMix64(seed: seed)
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: SimulatedStore.defaultAccount, familyID: "f"))
        try await store.addAccount(StoreAccount(name: "kid", familyID: "f"))
        try await store.switchAccount(to: SimulatedStore.defaultAccount)
        var lastSequence: Int64 = 0
        var kinds: [String: Int] = [:]
        for step in 0..<Self.operationsPerSequence {
            let operation = try await randomOperation(&random, store: store)
            _ = try? await store.perform(operation)
            let recorded = try await store.notifications(after: lastSequence)
            guard !recorded.isEmpty else { continue }
            lastSequence = recorded.last?.sequence ?? lastSequence
            let after = try await Answers.read(store, accounts: Self.accounts)
            var lastOfSubject: [String: Int64] = [:]
            var decoded: [DecodedNotification] = []
            for notification in recorded {
                let jws = try await store.signedNotification(notification)
                #expect(try await store.signedNotification(notification) == jws, "seed \(seed): signed twice")
                let note = try DecodedNotification(
                    sequence: notification.sequence, account: notification.account, jws: jws)
                decoded.append(note)
                kinds[note.kind, default: 0] += 1
                #expect(note.payload.signedDate == notification.createdAt, "seed \(seed): signedDate")
                let broken = NotificationInvariants.violations(of: note, levels: Self.levels)
                #expect(
                    broken.isEmpty,
                    "seed \(seed) step \(step) \(operation) #\(note.sequence) \(note.kind): \(broken)")
                if let original = note.transaction?.originalID {
                    lastOfSubject["\(note.account)/\(original)"] = note.sequence
                }
            }
            for note in decoded {
                guard let transaction = note.transaction,
                    lastOfSubject["\(note.account)/\(transaction.originalID)"] == note.sequence
                else { continue }
                let context = "seed \(seed) step \(step) \(operation) #\(note.sequence) \(note.kind)"
                #expect(
                    after.transactions[transaction.id].map(Answers.unsigned) == Answers.unsigned(transaction),
                    "\(context): transaction differs from Get Transaction Info")
                guard let info = note.renewalInfo else { continue }
                let status = after.statuses["\(note.account)/\(info.originalTransactionID)"]
                #expect(
                    status?.state == note.status,
                    "\(context): status \(String(describing: note.status)) vs \(String(describing: status?.state))"
                )
                #expect(
                    status.map { Answers.unsigned($0.renewalInfo) } == Answers.unsigned(info),
                    "\(context): renewal info differs from Get All Subscription Statuses")
            }
        }
        return kinds
    }

    private func randomOperation(_ random: inout SplitMix64, store: SimulatedStore) async throws
        -> StoreOperation
    {
        let records = try await store.transactionRecords().map(\.transaction.unsafePayloadValue)
        let latestID = records.last(where: { $0.ownershipType == .purchased })?.id ?? 0
        let subscription =
            records.last(where: { $0.productType == .autoRenewable && $0.ownershipType == .purchased })?.id
            ?? 0
        let products = ["pro.monthly", "basic.monthly", "pro.annual", "gems", "lifetime"]
        switch Int.random(in: 0..<23, using: &random) {
        case 0...3: return .buyOffDevice(productID: products.randomElement(using: &random)!, options: [])
        case 4: return .setAutoRenew(false, transactionID: subscription)
        case 5: return .setAutoRenew(true, transactionID: subscription)
        case 6: return .apply(.billingRetryOnRenewal(Bool.random(using: &random)))
        case 7: return .apply(.billingGracePeriod(Bool.random(using: &random)))
        case 8: return .refund(transactionID: latestID, reason: .other, percentage: RefundRequest.fullRefund)
        case 9: return .openRefundRequest(transactionID: latestID, reason: .unintendedPurchase)
        case 10:
            return Bool.random(using: &random)
                ? .grantRefundRequest(transactionID: latestID, percentage: RefundRequest.fullRefund)
                : .declineRefundRequest(transactionID: latestID)
        case 11: return .requestPriceIncreaseConsent(transactionID: subscription)
        case 12:
            return .respondToPriceIncrease(transactionID: subscription, accept: Bool.random(using: &random))
        case 13: return .resolveIssue(transactionID: subscription)
        case 14: return .advanceClock(seconds: 95 * 86_400)  // a long catch-up, many events per subscription
        case 15: return .expireSubscription(productID: products.randomElement(using: &random)!)
        case 16: return .forceRenewal(productID: products.randomElement(using: &random)!)
        case 17: return .reverseRefund(transactionID: latestID)
        default: return .advanceClock(seconds: Double(Int.random(in: 1...40, using: &random)) * 86_400)
        }
    }
}

/// What the App Store Server API answered right after an operation: Get All Subscription
/// Statuses for every account, and Get Transaction Info for every transaction.
struct Answers {
    struct Status {
        var state: SubscriptionStatus.RenewalState
        var renewalInfo: RenewalInfo
    }

    /// By "account/originalTransactionId".
    var statuses: [String: Status] = [:]
    var transactions: [UInt64: Transaction] = [:]

    static func read(_ store: SimulatedStore, accounts: [AccountName]) async throws -> Answers {
        var answers = Answers()
        for account in accounts {
            for status in try await store.serverStatuses(ofAccount: account) {
                answers.statuses["\(account)/\(status.originalTransactionID)"] = Status(
                    state: status.state,
                    renewalInfo: try StoredJWS.payload(of: status.signedRenewalInfo, as: RenewalInfo.self))
            }
            for served in try await store.serverTransactions(ofAccount: account) {
                answers.transactions[served.transaction.id] = try StoredJWS.payload(
                    of: served.jws, as: Transaction.self)
            }
        }
        return answers
    }

    /// The payload without its `signedDate`, which says when it was signed, not what.
    static func unsigned(_ transaction: Transaction) -> Transaction {
        var copy = transaction
        copy.signedDate = Date(timeIntervalSince1970: 0)
        return copy
    }

    static func unsigned(_ info: RenewalInfo) -> RenewalInfo {
        var copy = info
        copy.signedDate = Date(timeIntervalSince1970: 0)
        return copy
    }
}
