import Foundation

/// One parsed HTTP/1.1 request.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    /// The request target as sent (`/v1/accounts/alice/transactions?unfinished=true`).
    public var target: String
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int = 1

    public init(method: String, target: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The target's path, percent-decoded per segment by the router, without the query.
    public var path: String {
        // On the UTF-8 bytes: a Character search walked grapheme boundaries on every request.
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        return String(target[..<mark])
    }

    /// The query's name/value pairs, percent-decoded (`+` is not a space: this is not a form).
    public var query: [String: String] {
        guard let mark = target.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            // Keep empty pieces: "?=" is a pair with no name, and dropping them left no parts
            // to read (a crash schemathesis found).
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(
                String.init)
            let name = parts[0].removingPercentEncoding ?? parts[0]
            result[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        }
        return result
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        guard let connection = headers["Connection"] else { return minorVersion >= 1 }
        let options = connection.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if minorVersion >= 1 { return !options.contains { HTTPHeaders.sameName($0, "close") } }
        return options.contains { HTTPHeaders.sameName($0, "keep-alive") }
    }
}
