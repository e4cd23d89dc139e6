import CommandLineOptions
import Foundation
import Testing
import kiosk

/// `kiosk store buy --off-device` says when Ask to Buy holds the purchase, in the words of a
/// held purchase from the app, and `--json` keeps the shape scripts read.
@Suite struct OffDevicePurchaseCommandTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-cli-\(UUID().uuidString)"
    )
    .path

    func store(_ arguments: String...) async -> (status: Int32, output: String) {
        let (writer, lines) = ConsoleWriter.capturing()
        let status = await Kiosk.run(["store"] + arguments + ["--state", state], console: writer)
        return (status, lines().output)
    }

    @Test func aPurchaseAskToBuyHoldsSaysItWaitsForApproval() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        let bought = await store("buy", "com.kiosk.lumen.lifetime", "--off-device")
        #expect(bought.status == 0 && bought.output.hasPrefix("2000000000000001  com.kiosk.lumen.lifetime"))
        #expect(await store("set", "ask-to-buy", "on").status == 0)
        let held = await store("buy", "com.kiosk.lumen.filmpack", "--off-device")
        #expect(held.status == 0)
        #expect(
            held.output
                == "pending: waiting for approval (transaction 2000000000000002: kiosk store approve 2000000000000002)\n"
        )
        let json = await store("buy", "com.kiosk.lumen.filmpack", "--off-device", "--json")
        #expect(json.status == 0 && json.output.hasPrefix("["), "an array of transactions, as before")
        let records = await store("transactions")
        #expect(records.output.contains("2000000000000002  pendingApproval"))
    }
}
