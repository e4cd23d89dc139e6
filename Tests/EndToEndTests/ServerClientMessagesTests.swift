import Foundation
import Subprocess
import Testing

/// The server and its clients as a newcomer meets them: a token given with --token is where
/// clients look for it, notifications list over --store URL, and a changed root is refused
/// with a message that names the pin file and --root.
@Suite struct ServerClientMessagesTests {
    func kiosk(_ arguments: [String]) throws -> Subprocess.Output {
        try Subprocess.run([TmuxSession.binary] + arguments)
    }

    @Test func aGivenTokenIsWrittenWhereClientsLook() async throws {
        let server = try await ServeProcess.start(arguments: ["--token", "given-token-for-tests-1"])
        defer { server.stop() }
        let file = (server.state as NSString).appendingPathComponent("server-token")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "given-token-for-tests-1\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A client given only the server's --state finds it.
        try server.store("products")
    }

    @Test func notificationsListOverTheWire() async throws {
        let server = try await ServeProcess.start()
        defer { server.stop() }
        try server.store("buy", "com.kiosk.lumen.pro.monthly")
        let listed = try kiosk(["store", "notifications", "--store", server.url, "--state", server.state])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("SUBSCRIBED/INITIAL_BUY"))
        #expect(listed.standardOutput.contains("not sent"))
    }

    @Test func aChangedRootIsRefusedWithTheFix() async throws {
        let first = try await ServeProcess.start()
        let client = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-pin-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: client) }
        let token = try String(
            contentsOfFile: (first.state as NSString).appendingPathComponent("server-token"), encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        // Pin the first server's root under its address, then put another server's address in the pin.
        let pinned = try kiosk([
            "store", "products", "--store", first.url, "--state", client, "--server-token", token,
        ])
        #expect(pinned.status == 0, "\(pinned.standardError)")
        first.stop()
        let second = try await ServeProcess.start(arguments: ["--token", token])
        defer { second.stop() }
        let port = { (url: String) in url.split(separator: ":").last.map(String.init) ?? "" }
        let oldPin = (client as NSString).appendingPathComponent(
            "pinned-root-127.0.0.1-\(port(first.url)).pem")
        let newPin = (client as NSString).appendingPathComponent(
            "pinned-root-127.0.0.1-\(port(second.url)).pem")
        try FileManager.default.moveItem(atPath: oldPin, toPath: newPin)
        let refused = try kiosk([
            "store", "buy", "com.kiosk.lumen.filmpack", "--store", second.url, "--state", client,
            "--server-token", token,
        ])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("different root certificate"))
        #expect(refused.standardError.contains(newPin))
        #expect(refused.standardError.contains("--root FILE"))
        #expect(!refused.standardOutput.contains("purchased"))
    }
}
