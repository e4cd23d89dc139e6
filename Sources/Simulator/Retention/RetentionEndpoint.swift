import Foundation
import HTTP
import StoreCore

/// A developer's Get Retention Message endpoint, called as the App Store calls it: a POST of
/// `{"signedPayload": ...}` with `Content-Type: application/json`. Each call is timed and its
/// outcome named with Apple's `SendAttemptResult`. Kiosk speaks no TLS, so an https URL is
/// accepted as configuration and every call to it ends in `TLS_ISSUE` (docs/retention.md).
public struct RetentionEndpoint: Sendable, Hashable {
    public let url: String
    let isTLS: Bool
    let host: String
    let port: UInt16
    let path: String

    /// - Throws: a message naming the URL when it is not http(s) with a host.
    public init(url: String) throws(RetentionEndpointError) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else {
            throw RetentionEndpointError(message: "'\(url)' is not an http:// or https:// URL with a host")
        }
        self.url = url
        isTLS = scheme == "https"
        self.host = host == "localhost" ? "127.0.0.1" : host
        port = UInt16(clamping: parsed.port ?? (isTLS ? 443 : 80))
        var target = parsed.path.isEmpty ? "/" : parsed.path
        if let query = parsed.query { target += "?" + query }
        path = target
    }

    /// One call's outcome.
    public struct Call: Sendable, Hashable {
        /// Apple's `SendAttemptResult` name: SUCCESS, TIMED_OUT, SOCKET_ISSUE, ...
        public var result: SendAttemptResult
        public var httpStatus: Int?
        public var body: [UInt8]
        /// From connecting to the last byte of the answer (or the failure).
        public var milliseconds: Double

        public var succeeded: Bool { result == .success }

        public init(result: SendAttemptResult, httpStatus: Int?, body: [UInt8], milliseconds: Double) {
            self.result = result
            self.httpStatus = httpStatus
            self.body = body
            self.milliseconds = milliseconds
        }
    }

    /// POSTs `signedPayload`, waiting at most `timeout` seconds for the answer. Runs on a thread
    /// of its own: the socket blocks.
    public func call(signedPayload: String, timeout: Double) async -> Call {
        let body = Array(#"{"signedPayload":"\#(signedPayload)"}"#.utf8)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let (host, port, isTLS) = (host, port, isTLS)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let clock = ContinuousClock()
                let start = clock.now
                func finish(_ result: SendAttemptResult, _ status: Int? = nil, _ answer: [UInt8] = []) {
                    let elapsed = clock.now - start
                    let milliseconds =
                        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds)
                        / 1e15
                    continuation.resume(
                        returning: Call(
                            result: result, httpStatus: status, body: answer, milliseconds: milliseconds))
                }
                let socket: ClientSocket
                do {
                    socket = try ClientSocket(host: host, port: port)
                } catch {
                    finish(.socketIssue)
                    return
                }
                defer { socket.close() }
                // A TLS server answers a plain HTTP request with garbage or a close: name it.
                if isTLS {
                    finish(.tlsIssue)
                    return
                }
                do throws(HTTPError) {
                    try socket.write(Array(head.utf8) + body)
                    let response = try socket.readResponse(timeout: timeout)
                    let ok = (200..<300).contains(response.status)
                    finish(ok ? .success : .unsuccessfulHTTPResponseCode, response.status, response.body)
                } catch .timedOut {
                    finish(.timedOut)
                } catch .connectionClosed {
                    finish(.prematureClose)
                } catch .malformed {
                    finish(.invalidResponse)
                } catch {
                    finish(.socketIssue)
                }
            }
        }
    }
}

/// A URL `RetentionEndpoint` cannot call.
public struct RetentionEndpointError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
