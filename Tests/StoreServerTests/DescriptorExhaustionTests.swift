import Foundation
import HTTP
import Subprocess
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kiosk serve` out of file descriptors (issue 25, item 3): the accept loop used to go on
/// silently, and spin on a listener that stays readable. It says so on standard error, once
/// per spell rather than on every try, and serves again when connections close.
@Suite struct DescriptorExhaustionTests {
    static let kiosk = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("kiosk").path

    @Test func runningOutOfDescriptorsIsReportedAndServingGoesOnAfterwards() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.kiosk),
            "no kiosk binary at \(Self.kiosk): build it first (swift build --build-tests)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("serve.log").path
        // 40 descriptors: the store, the listener and a few connections fit, 60 connections do not.
        let pid = try Subprocess.spawn(
            ["prlimit", "--nofile=40:40", Self.kiosk, "serve", "--ephemeral", "--listen", "127.0.0.1:0"],
            standardOutput: log, standardError: log)
        defer {
            kill(pid, SIGTERM)
            // A server that no longer stops on SIGTERM fails the test instead of hanging it.
            var status: Int32 = 0
            do {
                try blockUntil("kiosk serve to stop on SIGTERM", seconds: 30) {
                    waitpid(pid, &status, WNOHANG) == pid
                }
            } catch {
                Issue.record("\(error): it ignored SIGTERM after running out of descriptors")
                kill(pid, SIGKILL)
                _ = Subprocess.wait(pid)
            }
        }
        func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var port: UInt16 = 0
        try await waitUntil("kiosk serve to say where it listens: \(text())") {
            port =
                text().firstMatch(of: /listening on http:\/\/127\.0\.0\.1:([0-9]+)/).flatMap { UInt16($0.1) }
                ?? 0
            return port != 0
        }
        // The kernel completes connections the server cannot accept (the listen backlog).
        var held: [ClientSocket] = []
        for _ in 0..<60 { held.append(try ClientSocket(host: "127.0.0.1", port: port)) }
        try await waitUntil("the server to report that it cannot accept: \(text())") {
            text().contains("Too many open files")
        }
        for socket in held { socket.close() }
        held = []
        let listening = port
        let reply = try await withDeadline(waitingFor: "a health check once the connections closed") {
            let socket = try ClientSocket(host: "127.0.0.1", port: listening)
            defer { socket.close() }
            try socket.write(
                Array("GET /v1/health HTTP/1.1\r\nHost: kiosk\r\nConnection: close\r\n\r\n".utf8))
            return try socket.readResponse(timeout: 60).status
        }
        #expect(reply == 200)
        // Once per spell, not once per try (a try every 10 ms for as long as the spell lasted).
        let reports = text().components(separatedBy: "cannot accept a connection").count - 1
        #expect((1...4).contains(reports), "\(reports) reports:\n\(text())")
    }
}
