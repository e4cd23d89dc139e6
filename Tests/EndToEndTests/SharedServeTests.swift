import Foundation
import Subprocess
import Testing

/// `kiosk serve` and the state directory it owns: the shell and paywalls on that state are its
/// clients, and a second owner is refused with who holds the state and what to do.
@Suite(.serialized) struct SharedServeTests {
    @Test func kioskStoreOnAServedStateIsAClientOfTheServer() async throws {
        let server = try await ServeProcess.start()
        defer { server.stop() }
        // No --store: the state's socket leads to the server that owns it.
        let bought = try Subprocess.run(
            [
                TmuxSession.binary, "store", "buy", "com.kiosk.lumen.filmpack", "--state", server.state,
                "--json",
            ])
        #expect(bought.status == 0, "\(bought.standardError)")
        #expect(bought.standardOutput.contains("\"transactionID\""))
        // The server over HTTP sees the same purchase: one store.
        let listed = try Subprocess.run(
            [TmuxSession.binary, "store", "transactions", "--store", server.url, "--state", server.state])
        #expect(listed.status == 0 && listed.standardOutput.contains("com.kiosk.lumen.filmpack"))
        // The server still owns the state: the client left it as it found it.
        let record = try String(contentsOfFile: server.state + "/owner.json", encoding: .utf8)
        #expect(record.contains("\"pid\":\(server.pid)") && record.contains("kiosk serve"))
    }

    @Test func aSecondServerOnTheSameStateSaysWhoHasItAndExits73() async throws {
        let server = try await ServeProcess.start()
        defer { server.stop() }
        let second = try Subprocess.run(
            [TmuxSession.binary, "serve", "--state", server.state, "--listen", "127.0.0.1:0"])
        #expect(second.status == 73)
        #expect(second.standardError.contains("already in use by pid \(server.pid) (kiosk serve"))
        #expect(second.standardError.contains("--state DIR"))
    }
}
