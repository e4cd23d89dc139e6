import Foundation

/// A response: a status, headers and either bytes or a stream the handler writes to.
public struct HTTPResponse: Sendable {
    /// What follows the head.
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Written by the closure until it returns or the client goes away (the task is then
        /// cancelled). Sent without a length, and the connection closes after it.
        case stream(@Sendable (StreamWriter) async -> Void)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body

    public init(status: Int, headers: HTTPHeaders = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response; `Content-Type` is exactly `application/json`.
    public static func json(_ status: Int, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(bytes))
    }

    /// A plain-text response.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: .bytes(Array(text.utf8)))
    }

    /// A server-sent event stream (`text/event-stream`).
    public static func eventStream(_ producer: @escaping @Sendable (StreamWriter) async -> Void)
        -> HTTPResponse
    {
        HTTPResponse(
            status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
            body: .stream(producer))
    }

    /// The bytes of the body, empty for a stream.
    public var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// The reason phrase for a status code.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
