import Foundation
import Paywall
import Signing
import Simulator
import StoreCore
import TerminalUI
import TestSupport
import Testing

/// The paywall's part in a QA session: the screen a key was pressed on goes to the store's
/// journal, and the Transaction Manager saves and loads save points.
@Suite struct QASessionTests {
    @Test func theRunnerJournalsTheSessionAndTheScreenTheKeyWasPressedOn() async throws {
        let store = try Fixtures.store()
        let inbox = Inbox()
        let runner = EffectRunner(
            store: store, inbox: inbox, log: PaywallLog(path: nil), groupID: nil,
            journal: JournalContext(session: "run-1", source: .paywall))
        defer { runner.stop() }
        runner.run(
            [.control(.apply(.askToBuy(true)))], groupID: nil, screen: "transaction-manager",
            picture: "THE SCREEN")
        var line: JournalEntry?
        try await waitUntil("the settings change in the journal") {
            line = try await store.journal().first { $0.action == "Changing the store's settings" }
            return line != nil
        }
        let entry = try #require(line, "the settings change was journaled")
        #expect(entry.session == "run-1" && entry.source == .paywall)
        #expect(entry.screen == "transaction-manager" && entry.picture == "THE SCREEN")
        #expect(entry.result == "Ask to Buy on")
    }

    @Test func transactionManagerKeysSaveAndLoadSavePoints() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-qa-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.open(
            catalog: try Fixtures.catalog(),
            location: .directory(directory, signedBy: try CertificateAuthority.ephemeral()),
            frozenClock: true,
            wallClock: { Fixtures.start })
        var driver = try await Driver(store: store, content: try Fixtures.content())
        await driver.press(.character("m"), .character("s"))
        let saved = try #require(driver.state.notices.last?.text)
        #expect(saved.hasPrefix("Saved save point save-"), "\(saved)")
        _ = try await store.perform(
            StoreRequest.purchase(productID: "com.kiosk.lumen.lifetime", options: [], confirmed: true))
        #expect(try await store.transactionRecords().count == 1)
        await driver.press(.character("l"))
        let loaded = try #require(driver.state.notices.last?.text)
        #expect(loaded == saved.replacingOccurrences(of: "Saved", with: "Loaded"))
        #expect(try await store.transactionRecords().isEmpty)
        #expect(SavePoints.list(in: directory).count == 1)
    }
}
