/// Apple's `SendAttemptResult`: what came of one try at POSTing a notification (or calling the
/// retention endpoint). Encodes as Apple's string, so ledgers, the wire and JSON output read
/// as they did when it was text, and reads as it in text (`"\(result)"`).
public enum SendAttemptResult: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case success = "SUCCESS"
    case timedOut = "TIMED_OUT"
    case tlsIssue = "TLS_ISSUE"
    case circularRedirect = "CIRCULAR_REDIRECT"
    case noResponse = "NO_RESPONSE"
    case socketIssue = "SOCKET_ISSUE"
    case unsupportedCharset = "UNSUPPORTED_CHARSET"
    case invalidResponse = "INVALID_RESPONSE"
    case prematureClose = "PREMATURE_CLOSE"
    case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    case other = "OTHER"

    /// A result as text was kept: Apple's word, or `.other` for one it does not use (an older
    /// name such as `SSL_ISSUE`), so a ledger or a server that wrote one still reads.
    public init(text: String) { self = Self(rawValue: text) ?? .other }

    public var description: String { rawValue }
}

extension SendAttemptResult: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
