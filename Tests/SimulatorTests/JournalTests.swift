import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The QA journal: one line per action, in the transaction of the change it records.
@Suite struct JournalTests {
    @Test func everyActionIsJournaledOnceWithItsContextResultAndNotifications() async throws {
        let store = try SimulatedStore.makeForTest()
        let context = JournalContext(
            session: "s-1", source: .paywall, screen: "transaction-manager", picture: "SCREEN")
        let result = try await context.bound { () async throws(StoreError) in
            try await store.perform(
                StoreRequest.purchase(productID: "basic.monthly", options: [], confirmed: true))
        }
        guard case .purchase(.success(let verified)) = result else {
            Issue.record("the purchase did not succeed: \(result)")
            return
        }
        let id = verified.unsafePayloadValue.id
        _ = try await store.perform(StoreOperation.apply(.billingRetryOnRenewal(true)))
        let lines = try await store.journal()
        #expect(
            lines.map(\.action) == [
                "Opening the store", "Purchasing basic.monthly", "Changing the store's settings",
            ])
        let purchase = lines[1]
        #expect(purchase.session == "s-1" && purchase.source == .paywall)
        #expect(purchase.screen == "transaction-manager" && purchase.picture == "SCREEN")
        #expect(purchase.account == SimulatedStore.defaultAccount)
        #expect(purchase.result == "purchased \(id)")
        #expect(purchase.transactionIDs == [id])
        #expect(purchase.notifications.map(\.type) == [.subscribed])
        #expect(lines[2].result == "Billing retry on renewal on")
        // Without a context a call is the store's caller's, named as such.
        #expect(lines[2].source == .app && lines[2].session == SimulatedStore.ownSession)
    }

    @Test func aFailedOrCancelledActionIsJournaledAndChangesNothing() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try? await store.perform(
            StoreOperation.refund(transactionID: 42, reason: .other, percentage: 100_000))
        _ = try await store.perform(
            StoreRequest.purchase(productID: "lifetime", options: [], confirmed: false))
        let lines = try await store.journal()
        #expect(lines.count == 3)
        #expect(lines[1].action == "Refunding transaction 42" && lines[1].result.hasPrefix("failed: "))
        #expect(lines[2].result == "cancelled")
        #expect(try await store.transactionRecords().isEmpty)
    }

    @Test func renewalsThatComeDueAreJournaledAsTheStoresOwnOrWithTheActionThatRanThem() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.perform(
            StoreRequest.purchase(productID: "basic.monthly", options: [], confirmed: true))
        _ = try await store.perform(StoreOperation.advanceClock(seconds: 40 * day))
        let lines = try await store.journal()
        let renewals = lines.flatMap(\.notifications).filter { $0.type == .didRenew }
        #expect(!renewals.isEmpty, "the renewal's notification is in the journal: \(lines)")
        // Every notification in the outbox is in exactly one line.
        let outbox = try await store.notifications().map(\.sequence)
        #expect(lines.flatMap(\.notifications).map(\.sequence).sorted() == outbox.sorted())
    }

    /// The line and the change are one SQLite transaction: a change the ledger refuses leaves
    /// no line, and the line's own commit is what journals the failure.
    @Test func aRefusedCommitLeavesNoLineOfTheChange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-journal-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        // Another connection writes: the store's next commit is refused (`anotherWriter`).
        let intruder = try Ledger(path: directory.appendingPathComponent("ledger.sqlite").path)
        try intruder.connection.execute("INSERT INTO meta(key, value) VALUES('intruder', '1')")
        await #expect(throws: StoreError.self) {
            _ = try await store.perform(
                StoreRequest.purchase(productID: "lifetime", options: [], confirmed: true))
        }
        let lines = try intruder.journal(JournalFilter())
        #expect(!lines.contains { $0.result.hasPrefix("purchased") })
        #expect(try await store.transactionRecords().isEmpty)
    }

    /// A reader never migrates: a ledger an older Kiosk wrote is refused with what to do.
    @Test func aReaderRefusesALedgerNotMigratedYetAndSaysHowToFixIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-journal-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: directory.appendingPathComponent("ledger.sqlite").path)
        try ledger.connection.execute("PRAGMA user_version=4")
        #expect {
            _ = try LedgerReader(stateDirectory: directory)
        } throws: { error in
            "\(error)".contains("older than this Kiosk's") && "\(error)".contains("open the state once")
        }
        #expect(throws: StoreError.self) {
            try LedgerReader(stateDirectory: directory.appendingPathComponent("none"))
        }
    }

    /// Renewals the store's timer runs are the store's own lines, not the action that started
    /// the timer (its task would otherwise inherit that action's journal line).
    @Test func renewalsOnTheTimerAreTheStoresOwn() async throws {
        // The timer sleeps until the next renewal in wall time, so the wall clock must pass.
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: .ephemeral()))
        try await store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        let events = await store.events()
        defer { _ = events }
        let paywall = JournalContext(session: "tm", source: .paywall, screen: "transaction-manager")
        _ = try await paywall.bound { () async throws(StoreError) in
            try await store.perform(StoreOperation.apply(.billingGracePeriod(true)))
        }
        _ = try await store.perform(
            StoreRequest.purchase(productID: "pro.monthly", options: [], confirmed: true))
        var renewal: JournalEntry?
        try await waitUntil("the timer to renew the subscription") {
            renewal = try await store.journal().first { $0.notifications.contains { $0.type == .didRenew } }
            return renewal != nil
        }
        let line = try #require(renewal)
        #expect(line.source == .store && line.action == "Store events came due" && line.session != "tm")
    }

    /// A change of thousands of notifications is one line whose lists stop at the limit and say
    /// how many more there were.
    @Test func aHugeChangeIsOneLineWithItsListsCut() async throws {
        var changes = Changeset()
        changes.notifications = (1...1_200).map {
            OutboxNotification(sequence: Int64($0), account: "tester", type: .didRenew, createdAt: Date())
        }
        // The line a store writes for them (`JournalWriter.line`), made without one.
        let line = JournalLines.entry(
            scope: nil, result: "due renewals and expiries ran", changes: changes, wallTime: Date(),
            storeTime: Date(), activeAccount: "tester")
        #expect(line.notifications.count == JournalLines.listLimit)
        #expect(line.result == "due renewals and expiries ran (and 700 more notifications)")
    }

    /// Ask to Buy holds a purchase made outside the app too: the journal says it waits for
    /// approval, as the Transaction Manager does, instead of "purchased".
    @Test func aPurchaseOutsideTheAppHeldByAskToBuyIsJournaledAsPending() async throws {
        let store = try SimulatedStore.makeForTest()
        let bought = try await store.buyOffDevice("gems", options: [])
        try await store.apply(.askToBuy(true))
        let held = try await store.buyOffDevice("gems", options: [])
        let lines = try await store.journal().filter { $0.action == "Buying gems outside the app" }
        #expect(lines.map(\.result) == ["purchased \(bought.id)", "pending approval (\(held.id))"])
        let records = try await store.transactionRecords()
        #expect(records.first { $0.id == held.id }?.state == .pendingApproval)
    }
}
