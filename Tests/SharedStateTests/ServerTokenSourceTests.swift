import Foundation
import SharedState
import StoreServer
import Testing

/// Where a client's token for `--store URL` comes from, and a refused one explained by its source.
@Suite final class ServerTokenSourceTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-token-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    @Test func aRefusedTokenNamesItsSource() throws {
        let url = URL(string: "http://127.0.0.1:8686")!
        let directory = scratch.appendingPathComponent("client")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try ServerToken.write("from-file", in: directory)
        let fromFile = try #require(
            try ServerTokenSource.resolve(flag: nil, stateDirectory: directory, environment: [:]))
        #expect(fromFile.token == "from-file")
        let refused = "server error 4010001: wrong bearer token"
        struct Refusal: Error, CustomStringConvertible { var description: String }
        #expect(
            fromFile.explain(Refusal(description: refused), url: url).contains(
                directory.path + "/server-token"))
        let fromEnvironment = try #require(
            try ServerTokenSource.resolve(
                flag: nil, stateDirectory: directory, environment: ["KIOSK_SERVER_TOKEN": "e"]))
        #expect(
            fromEnvironment.explain(Refusal(description: refused), url: url).contains("$KIOSK_SERVER_TOKEN"))
        let fromFlag = try #require(
            try ServerTokenSource.resolve(
                flag: "f", stateDirectory: directory, environment: ["KIOSK_SERVER_TOKEN": "e"]))
        #expect(fromFlag.origin == .flag)
        #expect(fromFlag.explain(Refusal(description: refused), url: url).contains("--server-token"))
        #expect(
            fromFlag.explain(Refusal(description: "connection refused"), url: url) == "connection refused")
        let empty = scratch.appendingPathComponent("empty")
        #expect(try ServerTokenSource.resolve(flag: nil, stateDirectory: empty, environment: [:]) == nil)
        // A token file that cannot be read is said as such, not taken for a missing token.
        let unreadable = scratch.appendingPathComponent("unreadable")
        try FileManager.default.createDirectory(
            at: unreadable.appendingPathComponent("server-token"), withIntermediateDirectories: true)
        do {
            _ = try ServerTokenSource.resolve(flag: nil, stateDirectory: unreadable, environment: [:])
            Issue.record("a directory was read as the token")
        } catch {
            #expect(
                error.description.contains("cannot read the server's token \(unreadable.path)/server-token"))
        }
        #expect(
            ServerTokenSource.missing(url: url, stateDirectory: empty).contains(empty.path + "/server-token"))
    }
}
