import Foundation
import HTTP
import StoreCore
import StoreServer
import Testing
import WireProtocol

/// The wire protocol over real sockets: refused callers get their JSON 4xx and the server keeps
/// answering a well-behaved client on a keep-alive connection between every one of them.
@Suite struct HostileWireClientTests {
    @Test func badTokensAndRequestsAreRefusedWhileAGoodClientIsServed() async throws {
        let fixture = try await Fixture()
        let token = fixture.token
        let port = fixture.http.port
        let path = "/v1/accounts/tester/transactions"
        let request: @Sendable (String?, String) -> String = { authorization, extra in
            "GET \(path) HTTP/1.1\r\nHost: t\r\n" + (authorization.map { "Authorization: \($0)\r\n" } ?? "")
                + extra + "\r\n"
        }
        let refusals: [(String, Int)] = [
            (request(nil, ""), 401),
            (request("Bearer", ""), 401),
            (request("Bearer ", ""), 401),
            (request("Bearer wrong", ""), 401),
            (request("Bearer \(token.dropLast())", ""), 401),
            (request("Bearer \(token) \(token)", ""), 401),
            (request("Basic \(Data("tester:\(token)".utf8).base64EncodedString())", ""), 401),
            (request("Bearer \(token)", "Authorization: Bearer wrong\r\n"), 200),  // the first one counts
            (
                "POST /v1/accounts/tester/purchases HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Length: \(2 * 1024 * 1024)\r\n\r\n", 413
            ),
            (
                "POST /v1/accounts/tester/purchases HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Length: 5\r\n\r\n{nope", 400
            ),
            (
                "GET /v1/accounts/%FF%FE/transactions HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n\r\n",
                404
            ),
            ("GET /v1/accounts/tester/transactions HTTP/1.1\r\nHost: t\r\nContent-Length: x\r\n\r\n", 400),
        ]
        // On a thread of its own: blocking reads on a cooperative thread would starve the
        // handlers that must answer them.
        let results = try await onThread {
            let good = try ClientSocket(host: "127.0.0.1", port: port)
            var results: [(status: Int, json: Bool, goodStatus: Int)] = []
            for (text, _) in refusals {
                let bad = try ClientSocket(host: "127.0.0.1", port: port)
                try bad.write(text)
                let response = try bad.readResponse(timeout: 60)
                try good.write(request("Bearer \(token)", ""))
                let goodResponse = try good.readResponse(timeout: 60)
                let json =
                    response.status == 200
                    || (response.headers["Content-Type"] == "application/json"
                        && (try? WireCoding.decode(WireError.self, from: response.body)) != nil)
                results.append((response.status, json, goodResponse.status))
            }
            return results
        }
        for ((text, expected), result) in zip(refusals, results) {
            #expect(result.status == expected && result.json, "\(text.prefix(60).debugDescription)")
            #expect(result.goodStatus == 200)
        }
        await fixture.http.stop()
    }
}

/// Runs blocking socket code on a new thread and waits for it without holding a cooperative one.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try body() }) }.start()
    }
    return try result.get()
}
