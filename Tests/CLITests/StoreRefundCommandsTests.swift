import Foundation
import Testing

@testable import kiosk

/// `kiosk store` reaches the refund lifecycle and the new settings (issue 12), in-process.
@Suite struct StoreRefundCommandsTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-cli-\(UUID().uuidString)"
    )
    .path

    func store(_ arguments: String...) async -> Int32 {
        await Kiosk.run(["store"] + arguments + ["--state", state])
    }

    @Test func refundRequestsRunTheirLifecycle() async throws {
        #expect(await store("buy", "com.kiosk.lumen.lifetime") == 0)
        #expect(await store("buy", "com.kiosk.lumen.filmpack") == 0)
        // Transaction IDs come from the ledger, in order, from its first ID.
        let lifetime = "2000000000000001"
        let pack = "2000000000000002"
        #expect(await store("refund-request", lifetime, "grant") == 1, "nothing open to grant yet")
        #expect(await store("refund-request", lifetime, "open", "LEGAL") == 0)
        #expect(await store("refund-request", lifetime, "open") == 1, "one open request at a time")
        #expect(await store("refund-request", lifetime, "decline") == 0)
        #expect(await store("refund-request", lifetime, "open", "unintended_purchase") == 0)
        #expect(await store("refund-request", lifetime, "grant", "--percentage", "50") == 0)
        #expect(await store("refund-request", lifetime, "reverse") == 0)
        #expect(await store("refund-request", lifetime, "reverse") == 1, "no refund left to reverse")
        #expect(await store("refund-request", lifetime, "open", "BOGUS") == 64)
        #expect(await store("refund", pack, "--percentage", "25") == 0)
        #expect(await store("refund", pack, "--percentage", "120") == 64)
    }

    @Test func newSettingsAreSetFromTheShell() async throws {
        #expect(await store("set", "grace-days", "28") == 0)
        #expect(await store("set", "grace-days", "7") == 64)
        #expect(await store("set", "finished-consumables", "on") == 0)
    }
}
