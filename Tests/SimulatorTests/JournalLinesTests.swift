import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The journal's words, worked out without a store: what a result, a request and a change say,
/// who a line names, and how a line with long lists is cut.
@Suite struct JournalLinesTests {
    let wall = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func resultsAreDescribedInTheJournalsWords() {
        #expect(JournalLines.describe(PurchaseOutcome.purchased(5)) == "purchased 5")
        #expect(JournalLines.describe(PurchaseResult.userCancelled) == "cancelled")
        #expect(JournalLines.describe(StoreOperationResult.savePoint("before")) == "save point before")
        #expect(JournalLines.describe(UInt64(42)) == "transaction 42")
        #expect(JournalLines.describe(JournalWords("Refunded transaction 42")) == "Refunded transaction 42")
        // Results that say nothing leave the line to the action's own words.
        #expect(JournalLines.describe(StoreOperationResult.done) == nil)
        #expect(JournalLines.describe(()) == nil)
    }

    @Test func requestsAreNamedAndTheirQuietOutcomesWorded() {
        #expect(
            JournalLines.action(.purchase(productID: "gems", options: [], confirmed: false))
                == "Purchasing gems (sheet cancelled)")
        #expect(JournalLines.action(.finish(transactionID: 9)) == "Finishing transaction 9")
        #expect(JournalLines.outcome(.finish(transactionID: 9)) == "finished")
        #expect(JournalLines.outcome(.sync) == "restored")
        #expect(JournalLines.outcome(.purchase(productID: "gems", options: [], confirmed: true)) == nil)
    }

    @Test func openingIsJournaledOnlyWhenItChangedSomething() {
        #expect(JournalLines.opening(Changeset(), account: "tester", at: wall, wall: wall).journal.isEmpty)
        var changes = Changeset()
        changes.accounts["carol"] = AccountRecord.new(StoreAccount(name: "carol"), at: wall)
        let line = JournalLines.opening(changes, account: "carol", at: wall, wall: wall).journal
        #expect(line.count == 1)
        #expect(line.first?.action == "Opening the store" && line.first?.result == "created account carol")
    }

    @Test func aLineWithoutScopeIsTheStoresAndCutsItsLists() {
        var changes = Changeset()
        changes.newTransactionIDs = Set((1...UInt64(JournalLines.listLimit + 3)))
        let line = JournalLines.entry(
            scope: nil, result: "store updated", changes: changes, wallTime: wall, storeTime: wall,
            activeAccount: "tester")
        #expect(line.source == .store && line.action == "Store events came due")
        // No account's rows changed: the line names the account the store acts for.
        #expect(line.account == "tester")
        #expect(line.transactionIDs.count == JournalLines.listLimit)
        #expect(line.result == "store updated (and 3 more transactions)")
    }

    @Test func aScopedLineNamesItsCallersAccountAndAction() {
        let scope = JournalScope(context: nil, account: "alice", action: "Purchasing gems", outcome: nil)
        let line = JournalLines.entry(
            scope: scope, result: "purchased 1", changes: Changeset(), wallTime: wall, storeTime: wall,
            activeAccount: "tester")
        #expect(line.account == "alice" && line.action == "Purchasing gems" && line.result == "purchased 1")
        #expect(line.source == .app)
    }
}

/// The journal's writer at one moment: a change's line added to the change's own commit, and a
/// line of its own for a call that changed nothing or for the app's note.
@Suite struct JournalWriterTests {
    func writer(_ parts: StoreParts) -> JournalWriter {
        JournalWriter(
            ledger: parts.ledger, wallTime: StoreParts.wall, storeTime: parts.now, activeAccount: "tester")
    }

    @Test func anEmptyChangeGetsNoLineAndAStoreChangeTheStoresWords() throws {
        let parts = try StoreParts()
        var nothing = Changeset()
        #expect(!writer(parts).add(to: &nothing, result: (), scope: nil))
        var changes = Changeset()
        changes.accounts["carol"] = AccountRecord.new(StoreAccount(name: "carol"), at: parts.now)
        #expect(writer(parts).add(to: &changes, result: (), scope: nil))
        #expect(changes.journal.map(\.result) == ["store updated"])
        let scope = JournalScope(context: nil, account: "tester", action: "Adding carol", outcome: "added")
        var scoped = Changeset()
        scoped.accounts["dave"] = AccountRecord.new(StoreAccount(name: "dave"), at: parts.now)
        #expect(writer(parts).add(to: &scoped, result: (), scope: scope))
        #expect(scoped.journal.map(\.result) == ["added"] && scoped.journal.first?.action == "Adding carol")
    }

    @Test func linesOfTheirOwnAreWrittenAtOnce() throws {
        let parts = try StoreParts()
        let scope = JournalScope(context: nil, account: "tester", action: "Restoring purchases", outcome: nil)
        writer(parts).writeAlone(scope: scope, result: "restored")
        let context = JournalContext(session: "s1", source: .app)
        writer(parts).note(context: context, action: "StoreKit mistake", result: "unfinishedTransaction")
        let lines = try parts.journal().suffix(2)
        #expect(lines.map(\.action) == ["Restoring purchases", "StoreKit mistake"])
        #expect(lines.last?.session == "s1" && lines.last?.account == "tester")
    }
}
