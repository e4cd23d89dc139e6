import Foundation
import Presets
import Subprocess
import Testing
import kiosk

/// `kiosk preset` and `kiosk --preset`: names, and what happens to a state that has history.
@Suite struct PresetCommandTests {
    let state = NSTemporaryDirectory() + "kiosk-preset-\(UUID().uuidString)"

    @Test func listAndUnknownNames() async {
        #expect(await Kiosk.run(["preset", "list"]) == 0)
        #expect(await Kiosk.run(["preset", "apply", "grace"]) == 64)
        #expect(await Kiosk.run(["preset", "apply"]) == 64)
        #expect(await Kiosk.run(["preset", "frobnicate"]) == 64)
        #expect(await Kiosk.run(["--preset", "nope", "--dump", "80x24"]) == 64)
        #expect(await Kiosk.run(["--force", "--dump", "80x24"]) == 64)
        #expect(Preset.table(indent: "").contains("billing-retry"))
    }

    @Test func aStateWithHistoryIsReplacedOnlyWithForce() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await Kiosk.run(["preset", "apply", "new-user", "--state", state]) == 0, "an empty state")
        #expect(await Kiosk.run(["store", "buy", "com.kiosk.lumen.lifetime", "--state", state]) == 0)
        #expect(await Kiosk.run(["preset", "apply", "billing-retry", "--state", state]) == 1)
        #expect(await Kiosk.run(["--preset", "billing-retry", "--state", state, "--dump", "80x24"]) == 1)
        #expect(await Kiosk.run(["preset", "apply", "billing-retry", "--state", state, "--force"]) == 0)
    }

    @Test func thePaywallOpensOnAFreshCopyWithoutState() async throws {
        // No --state: an ephemeral store, so the default state directory is never touched.
        let home = NSTemporaryDirectory() + "kiosk-preset-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await Child.run(
            [CompletionsTests.binary, "--preset", "grace-period", "--dump", "100x30"],
            environment: ["HOME": home, "XDG_STATE_HOME": home + "/state", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("grace period until"), "\(result.standardOutput)")
        #expect(
            !FileManager.default.fileExists(atPath: home + "/state"), "nothing written to the state directory"
        )
    }
}
