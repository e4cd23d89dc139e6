import Foundation
import HTTP
import StoreCore
import Testing
import WireProtocol

/// Bounded clock values and idempotency keys over the wire: 400 or 422 with a JSON error,
/// never a 500 with internal text (issue 11, items 2 and 5).
@Suite struct WireBoundsTests {
    /// One request with the fixture's token: status, Content-Type and body text.
    func call(_ fixture: Fixture, _ method: String, _ path: String, body: String = "", headers: String = "")
        async throws -> (status: Int, type: String?, body: String)
    {
        let port = fixture.http.port
        let text =
            "\(method) \(path) HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(fixture.token)\r\n\(headers)"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        return try await onThread {
            let socket = try ClientSocket(host: "127.0.0.1", port: port)
            defer { socket.close() }
            try socket.write(text)
            let response = try socket.readResponse(timeout: 60)
            return (
                response.status, response.headers["Content-Type"],
                String(decoding: response.body, as: UTF8.self)
            )
        }
    }

    @Test func aSnapshotsRecordCountMustBeAPositiveNumber() async throws {
        let fixture = try await Fixture()
        for records in ["0", "-3", "many", "99999999999999999999"] {
            let answer = try await call(
                fixture, "GET", "/v1/control/accounts/tester/snapshot?records=\(records)")
            #expect(
                answer.status == 400 && answer.body.contains("records=\(records)"), "\(records): \(answer)")
        }
        let page = try await call(fixture, "GET", "/v1/control/accounts/tester/snapshot?records=1")
        #expect(page.status == 200 && page.body.contains(#""recordCount":0"#), "\(page.body.prefix(200))")
    }

    @Test func clockAdvancesPastWhatCanBeSignedAre400AndTheClockIsWholeMilliseconds() async throws {
        let fixture = try await Fixture()
        for seconds in ["1e308", "1e18", "-5"] {
            let answer = try await call(
                fixture, "POST", "/v1/control/clock/advance", body: #"{"seconds":\#(seconds)}"#)
            #expect(answer.status == 400 && answer.type == "application/json", "\(seconds): \(answer)")
            #expect(
                !answer.body.contains("EncodingError") && !answer.body.contains("Double"), "\(answer.body)")
        }
        let clock = try await call(fixture, "GET", "/v1/control/clock")
        #expect(clock.status == 200)
        #expect(clock.body.wholeMatch(of: /\{"value":\d+\}/) != nil, "\(clock.body)")
        let advanced = try await call(
            fixture, "POST", "/v1/control/clock/advance", body: #"{"seconds":0.0017}"#)
        #expect(advanced.body.wholeMatch(of: /\{"value":\d+\}/) != nil, "\(advanced.body)")
        let purchase = try await call(
            fixture, "POST", "/v1/accounts/tester/purchases",
            body: #"{"productID":"com.kiosk.lumen.filmpack"}"#)
        #expect(purchase.status == 200, "the store still signs: \(purchase.body)")
        await fixture.http.stop()
    }

    @Test func aReusedKeyIs422AndABlankKeyIs400() async throws {
        let fixture = try await Fixture()
        let path = "/v1/accounts/tester/purchases"
        let credits = #"{"productID":"com.kiosk.lumen.aicredits10"}"#
        let filmpack = #"{"productID":"com.kiosk.lumen.filmpack"}"#
        let first = try await call(fixture, "POST", path, body: credits, headers: "Idempotency-Key: k-1\r\n")
        #expect(first.status == 200)
        let again = try await call(fixture, "POST", path, body: credits, headers: "Idempotency-Key: k-1\r\n")
        #expect(again.status == 200 && again.body == first.body)
        let reused = try await call(
            fixture, "POST", path, body: filmpack, headers: "Idempotency-Key: k-1\r\n")
        #expect(reused.status == 422 && reused.type == "application/json", "\(reused)")
        #expect(reused.body.contains("k-1") && reused.body.contains("com.kiosk.lumen.filmpack"))
        let error = try WireCoding.decode(WireError.self, from: Array(reused.body.utf8))
        #expect(error.storeError == .idempotencyKeyReused(error.errorMessage))
        for blank in ["Idempotency-Key:\r\n", "Idempotency-Key:   \r\n"] {
            let answer = try await call(fixture, "POST", path, body: filmpack, headers: blank)
            #expect(answer.status == 400 && answer.body.contains("idempotency key"), "\(answer)")
        }
        await fixture.http.stop()
    }
}
