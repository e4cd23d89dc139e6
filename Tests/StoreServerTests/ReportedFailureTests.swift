import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import Subprocess
import Testing
import WireProtocol

@testable import StoreServer

/// Failures the server and its clients used to swallow (`try?`, `!`) now reach someone, with
/// the file, field or value that went wrong (issue 25, items 3 and 9).
@Suite struct ReportedFailureTests {
    static func text(_ response: HTTPResponse) -> String {
        String(decoding: response.bodyBytes, as: UTF8.self)
    }

    /// A handler asking for a capture its route does not hold answers 500 naming it, where
    /// `p["product"]!` trapped the whole server.
    @Test func aMissingPathParameterIsAServerErrorNamingIt() throws {
        #expect(try StoreServer.capture("product", in: ["product": "gems"]) == "gems")
        let error = #expect(throws: StoreError.self) {
            try StoreServer.capture("product", in: ["account": "tester"])
        }
        guard case .backend(let message) = error else {
            Issue.record("expected a backend error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("{product}") && message.contains("account"))
        #expect(WireError(StoreError.backend(message)).status == 500)
    }

    /// A registered key that no longer parses (the file edited by hand) is the server's
    /// trouble, said as such: it used to read as "unknown key", a 401 blaming the caller.
    @Test func aBrokenKeyRegistryIsA500NamingTheFileNotAnUnknownKey() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let file = fixture.directory.appendingPathComponent(APIKeyRegistry.fileName)
        try Data("[{\"keyID\": \"KIOSKTEST2\"".utf8).write(to: file)
        let token = try APIToken(
            keyID: "KIOSKTEST2", issuerID: fixture.issuer, bundleID: await fixture.store.identity.bundleID,
            expiresAt: Date() + 300
        ).signed(with: fixture.key)
        let response = await fixture.get("/inApps/v1/transactions/2000000000000001", token: token)
        #expect(response.status == 500, "\(Self.text(response))")
        #expect(Self.text(response).contains(APIKeyRegistry.fileName), "\(Self.text(response))")

        let garbled = RegisteredAPIKey(
            keyID: "KIOSKTEST2", issuerID: fixture.issuer, bundleID: "b", publicKey: "not a key")
        try JSONEncoder().encode([garbled]).write(to: file)
        let second = await fixture.get("/inApps/v1/transactions/2000000000000001", token: token)
        #expect(second.status == 500, "\(Self.text(second))")
        #expect(Self.text(second).contains("KIOSKTEST2") && Self.text(second).contains("register"))
    }

    /// A token file that is there but is not text is not replaced by a new token, which would
    /// lock out every client given the old one.
    @Test func anUnreadableTokenFileIsReportedNotReplaced() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(ServerToken.fileName)
        let garbage = Data([0xFF, 0xFE, 0x00, 0x41])
        try garbage.write(to: file)
        let error = #expect(throws: StoreServerError.self) { try ServerToken.loadOrCreate(in: directory) }
        #expect("\(String(describing: error))".contains(file.path))
        #expect(try Data(contentsOf: file) == garbage)
    }

    /// A pinned root that cannot be read is not silently pinned again from whatever the
    /// server now serves (that would trust a changed root without a word).
    @Test func anUnreadablePinIsReportedNotReplaced() async throws {
        let fixture = try await Fixture()
        defer { fixture.http.shutdown() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try #require(URL(string: "http://127.0.0.1:\(fixture.http.port)"))
        let pin = directory.appendingPathComponent(RemoteStore.pinFileName(for: url))
        try Data("-----BEGIN CERTIFICATE-----\nnot base64\n".utf8).write(to: pin)
        let error = await #expect(throws: StoreError.self) {
            _ = try await RemoteStore.connect(
                url: url, token: fixture.token, account: "tester", trust: .pinned(directory: directory))
        }
        #expect("\(String(describing: error))".contains(pin.path))
        #expect(
            try String(contentsOf: pin, encoding: .utf8).contains("not base64"), "the pin is left as it was")
    }

    /// A number JSON cannot hold crosses the wire and is refused by name, where the encoder's
    /// failure used to send `{}` and the server complained of a missing field.
    @Test func aNonFiniteNumberIsRefusedByNameAcrossTheWire() async throws {
        let fixture = try await Fixture()
        defer { fixture.http.shutdown() }
        let remote = try RemoteStore(
            url: try #require(URL(string: "http://127.0.0.1:\(fixture.http.port)")), token: fixture.token,
            account: "tester", root: fixture.root)
        for seconds in [Double.nan, .infinity] {
            let error = await #expect(throws: StoreError.self) {
                _ = try await remote.perform(.advanceClock(seconds: seconds))
            }
            guard case .invalidArgument(let message) = error else {
                Issue.record("advancing \(seconds) s gave \(String(describing: error))")
                continue
            }
            #expect(message.contains("\(seconds) seconds is not allowed"), "\(message)")
        }
    }

    /// A child's output that is not UTF-8 is kept (bad bytes shown as U+FFFD): it used to read
    /// as nothing at all, hiding whatever the child said.
    @Test func outputThatIsNotUTF8IsKeptNotDropped() throws {
        let output = try Subprocess.run(["sh", "-c", #"printf 'caf\351 ok\n'; printf 'bad \377\n' >&2"#])
        #expect(output.status == 0)
        #expect(output.standardOutput == "caf\u{FFFD} ok\n")
        #expect(output.standardError == "bad \u{FFFD}\n")
    }
}
