import Catalog
import Foundation
import Signing
import Simulator
import StoreCommands
import StoreCore
import Synchronization
import Testing

/// The CLI fixes scripts need: `buy --json` names what it bought, pending or not; `advance
/// --periods` says when nothing in the group moved.
@Suite struct StoreWordsTests {
    func store() throws -> SimulatedStore {
        let catalog = try LoadedCatalog.load(
            contentsOf: Library.root.appendingPathComponent("catalogs/demo.storekit").path)
        return try SimulatedStore.open(catalog: catalog, location: .ephemeral(), frozenClock: true)
    }

    func run(_ store: SimulatedStore, _ words: String...) async throws -> (UInt64?, String) {
        let lines = Mutex<[String]>([])
        let parsed = try StoreWords.parse(words)
        let output = StoreOutput(json: parsed.options.output.json) { line in
            lines.withLock { $0.append(line) }
        }
        let made = try await StoreActionRunner(store: store, words: parsed, output: output).run()
        return (made, lines.withLock { $0.joined(separator: "\n") })
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func anAnswerJSONCannotCarryFailsInsteadOfPrintingNothing() throws {
        let lines = Mutex<[String]>([])
        let output = StoreOutput(json: true) { line in lines.withLock { $0.append(line) } }
        #expect(throws: StoreOutputError.self) { try output.value("rate", Double.nan) }
        #expect(lines.withLock { $0.isEmpty })
        try output.value("rate", 1.5)
        #expect(lines.withLock { $0.joined() }.contains("1.5"))
    }

    @Test func notificationsAreSignedByAStoreThatCanAndRefusedByOneThatCannot() async throws {
        let store = try store()
        _ = try await run(store, "buy", "com.kiosk.lumen.pro.monthly")
        let words = try StoreWords.parse(["notifications", "--jws"])
        let printed = Mutex<[String]>([])
        let output = StoreOutput(json: false, jwsOnly: true) { line in printed.withLock { $0.append(line) } }
        try await StoreActionRunner(store: store, words: words, output: output).run()
        let lines = printed.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.split(separator: ".").count == 3 }, "\(lines)")
        // A store that is not the simulator itself (here, one bound to an account) cannot sign.
        let bound = StoreActionRunner(store: store.acting(for: nil), words: words, output: output)
        await #expect(throws: StoreError.self) { try await bound.run() }
    }

    @Test func buyJSONNamesThePendingTransactionSoAScriptCanApproveIt() async throws {
        let store = try store()
        let (made, text) = try await run(store, "buy", "com.kiosk.lumen.lifetime", "--ask-to-buy", "--json")
        let answer = try json(text)
        #expect(answer["result"] as? String == "pending")
        let id = try #require(answer["transactionID"] as? String)
        #expect(UInt64(id) == made)
        _ = try await run(store, "approve", id)
        #expect(
            try await store.currentEntitlements().map(\.unsafePayloadValue.productID) == [
                "com.kiosk.lumen.lifetime"
            ])
    }

    @Test func buyJSONCarriesTheSignedTransactionWhenItCompletes() async throws {
        let (_, text) = try await run(try store(), "buy", "com.kiosk.lumen.filmpack", "--json")
        let answer = try json(text)
        #expect(answer["result"] as? String == "success")
        let transaction = try #require(answer["transaction"] as? [String: Any])
        #expect(transaction["verified"] as? Bool == true)
        #expect((transaction["jws"] as? String)?.split(separator: ".").count == 3)
        #expect(
            (transaction["payload"] as? [String: Any])?["productID"] as? String == "com.kiosk.lumen.filmpack")
    }

    @Test func advancingPeriodsOfAGroupWithNothingRenewingSaysSo() async throws {
        let store = try store()
        let (made, _) = try await run(store, "buy", "com.kiosk.lumen.plus.monthly")
        _ = try await run(store, "auto-renew", String(try #require(made)), "off")
        _ = try await run(store, "advance", "40d")
        await #expect {
            try await run(store, "advance", "--periods", "1", "--group", "4A1D2E90")
        } throws: { error in
            "\(error)".contains("nothing renewing in group 4A1D2E90") && "\(error)".contains("would not move")
        }
        await #expect {
            try await run(store, "advance", "--periods", "1", "--group", "NOPE")
        } throws: { error in "\(error)".contains("no subscription in group NOPE") }
    }

    @Test func wordsParseAsTheCLIParsesThem() throws {
        let words = try StoreWords.parse(["buy", "p", "--offer-code=SPRING", "--ask-to-buy", "--", "--odd"])
        #expect(words.options.purchase.offerCode == "SPRING" && words.options.purchase.askToBuy)
        #expect(words.arguments == ["p", "--odd"])
        #expect(throws: StoreWordsError.self) { try StoreWords.parse(["bye"]) }
        #expect(throws: StoreWordsError.self) { try StoreWords.parse(["buy", "p", "--quantity"]) }
    }
}
