import Foundation
import HTTP
import Signing

/// One-off requests for setting up the serve benchmark (blocking: call them off the
/// cooperative pool, or before any load).
enum Probe {
    /// The body of `GET path`; throws unless the answer is 200.
    static func get(port: UInt16, path: String, token: String?) throws -> [UInt8] {
        try request(port: port, "GET \(path)", token: token, body: nil)
    }

    static func post(port: UInt16, path: String, token: String, json: String) throws -> [UInt8] {
        try request(port: port, "POST \(path)", token: token, body: json)
    }

    private static func request(port: UInt16, _ line: String, token: String?, body: String?) throws -> [UInt8]
    {
        let socket = try ClientSocket(host: "127.0.0.1", port: port)
        defer { socket.close() }
        var head = "\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try socket.write(head + "\r\n" + (body ?? ""))
        let response = try socket.readResponse(timeout: 10)
        guard response.status == 200 else {
            throw BenchmarkFailure("\(line) answered \(response.status): \(response.text)")
        }
        return response.body
    }

    /// The `transactionId` inside the first JWS of a wire body (`{"jws":"h.p.s", ...}`), read
    /// without verifying and on bytes: the load generator shares the machine's two cores with
    /// the server it measures, and a `String`-based parse cost it more than the server's
    /// whole purchase.
    static func transactionID(in body: [UInt8]) -> UInt64? {
        let jwsKey = Array(#""jws":""#.utf8)
        let idKey = Array(#""transactionId":"#.utf8)
        guard let jws = HTTPRequestParser.find(jwsKey, in: body, from: 0).map({ $0 + jwsKey.count }),
            let firstDot = body[jws...].firstIndex(of: UInt8(ascii: ".")),
            let secondDot = body[(firstDot + 1)...].firstIndex(of: UInt8(ascii: "."))
        else { return nil }
        guard
            let payload = body[(firstDot + 1)..<secondDot].withUnsafeBufferPointer({
                Base64.decode(bytes: $0, .url)
            }),
            let key = HTTPRequestParser.find(idKey, in: payload, from: 0).map({ $0 + idKey.count })
        else { return nil }
        var id: UInt64 = 0
        var sawDigit = false
        for byte in payload[key...] {
            if byte == UInt8(ascii: "\"") && !sawDigit { continue }  // a string-valued ID
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            let (times, overflow) = id.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            id = times + UInt64(byte - UInt8(ascii: "0"))
            sawDigit = true
        }
        return sawDigit ? id : nil
    }
}
