import Foundation
import HTTP

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
    /// without verifying: the benchmark measures the server, not the client's checks.
    static func transactionID(in body: [UInt8]) -> UInt64? {
        let text = String(decoding: body, as: UTF8.self)
        guard let start = text.range(of: #""jws":""#)?.upperBound,
            let end = text[start...].firstIndex(of: "\"")
        else { return nil }
        let parts = text[start..<end].split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return (object["transactionId"] as? String).flatMap { UInt64($0) }
            ?? (object["transactionId"] as? NSNumber)?.uint64Value
    }
}
