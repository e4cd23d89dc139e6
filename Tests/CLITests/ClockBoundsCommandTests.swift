import Foundation
import Testing
import kiosk

/// `kiosk store advance` past what the store can sign is a usage error and leaves the store
/// working (issue 11, item 2).
@Suite final class ClockBoundsCommandTests: Sendable {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-clock-\(UUID().uuidString)"
    ).path

    /// Swift Testing makes a suite instance per test: its state goes when the test ends.
    deinit { try? FileManager.default.removeItem(atPath: state) }

    func store(_ arguments: String...) async -> Int32 {
        await Kiosk.run(["store"] + arguments + ["--catalog", "minimal", "--state", state])
    }

    @Test func anAdvancePastTheAuthorityIsRefusedWith64() async {
        #expect(await store("advance", "99999999999w") == 64)
        #expect(await store("advance", "530w") == 64, "ten years (3,650 days) outlive the intermediate")
        #expect(await store("buy", "com.kiosk.minimal.tip") == 0, "nothing was wedged")
        #expect(await store("advance", "1w") == 0)
        #expect(await store("buy", "com.kiosk.minimal.tip") == 0)
    }
}
