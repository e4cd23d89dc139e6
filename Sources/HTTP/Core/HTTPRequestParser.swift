import Foundation

/// Turns bytes from a connection into requests, pure and incremental, so tests can feed it
/// any split of any input without sockets. Limits are checked before the bytes they forbid are
/// kept: a head over `maxHeaderBytes` is 431 (414 when the request line alone is), more than
/// `maxHeaderCount` fields is 431, a body over `maxBodyBytes` is 413.
public struct HTTPRequestParser: Sendable {
    /// Why a request was refused: the status to answer with, then close.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var status: Int
        public var reason: String
        public var description: String { "\(status): \(reason)" }

        public init(status: Int, reason: String) {
            self.status = status
            self.reason = reason
        }
    }

    public var maxHeaderBytes: Int
    public var maxBodyBytes: Int
    /// Header fields are looked up by a linear scan, so a flood of tiny ones is refused even
    /// within `maxHeaderBytes`.
    public var maxHeaderCount: Int
    private var buffer: [UInt8] = []

    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1024 * 1024, maxHeaderCount: Int = 100) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderCount = maxHeaderCount
    }

    /// Whether part of a request has arrived (the read timeout runs; otherwise the idle one).
    public var hasPartialRequest: Bool { !buffer.isEmpty }

    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) { buffer.append(contentsOf: bytes) }

    /// The next whole request, or nil until more bytes arrive.
    public mutating func next() throws(Failure) -> HTTPRequest? {
        // Tolerate the empty lines some clients send between requests (RFC 9112 section 2.2).
        while buffer.starts(with: [13, 10]) { buffer.removeFirst(2) }
        guard let headEnd = Self.find([13, 10, 13, 10], in: buffer, from: 0) else {
            if buffer.count > maxHeaderBytes { throw tooLarge() }
            return nil
        }
        guard headEnd <= maxHeaderBytes else { throw tooLarge() }
        var request = try Self.parseHead(buffer[..<headEnd])
        guard request.headers.fields.count <= maxHeaderCount else {
            throw Failure(status: 431, reason: "more than \(maxHeaderCount) header fields")
        }
        // One field, counted once: a second Transfer-Encoding could be read two ways (smuggling).
        guard request.headers.values("Transfer-Encoding").count <= 1 else {
            throw Failure(status: 400, reason: "more than one Transfer-Encoding")
        }
        let bodyStart = headEnd + 4
        let transferEncoding = request.headers["Transfer-Encoding"]?.lowercased()
        let lengths = request.headers.values("Content-Length")
        if let transferEncoding {
            guard lengths.isEmpty else {
                throw Failure(status: 400, reason: "both Transfer-Encoding and Content-Length")
            }
            guard transferEncoding == "chunked" else {
                throw Failure(status: 501, reason: "Transfer-Encoding \(transferEncoding) is not supported")
            }
            guard let (body, end) = try dechunk(from: bodyStart) else { return nil }
            request.body = body
            buffer.removeFirst(end)
            return request
        }
        let length = try Self.contentLength(lengths)
        guard length <= maxBodyBytes else {
            throw Failure(status: 413, reason: "body of \(length) bytes, more than \(maxBodyBytes)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        request.body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return request
    }

    /// 414 when the request line alone is over the limit (a URI too long), else 431.
    private func tooLarge() -> Failure {
        let lineEnd = Self.find([13, 10], in: buffer, from: 0) ?? buffer.count
        return lineEnd > maxHeaderBytes
            ? Failure(status: 414, reason: "request target too long")
            : Failure(status: 431, reason: "request head too large")
    }

    private static func contentLength(_ values: [String]) throws(Failure) -> Int {
        guard let first = values.first else { return 0 }
        // Repeated lengths must agree, or the message could be read two ways (smuggling).
        guard values.allSatisfy({ $0 == first }), !first.isEmpty,
            first.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            first.count < 16, let length = Int(first)
        else { throw Failure(status: 400, reason: "bad Content-Length '\(values.joined(separator: ","))'") }
        return length
    }

    /// The body of a chunked message starting at `start` and where it ends, or nil until it has
    /// all arrived.
    private func dechunk(from start: Int) throws(Failure) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let lineEnd = Self.find([13, 10], in: buffer, from: position) else {
                if buffer.count - position > 1024 {
                    throw Failure(status: 400, reason: "chunk size line too long")
                }
                return nil
            }
            let line = String(decoding: buffer[position..<lineEnd], as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            // Hex digits only: Int(_:radix:) also takes a sign, and a negative size would
            // index before the chunk (a crash found by the fuzzer, Regressions/http-request-*).
            guard !sizeText.isEmpty, sizeText.count <= 8, sizeText.allSatisfy(\.isHexDigit),
                let size = Int(sizeText, radix: 16)
            else {
                throw Failure(status: 400, reason: "bad chunk size '\(line)'")
            }
            position = lineEnd + 2
            if size == 0 {
                // Trailer fields until an empty line; they are read and dropped.
                while true {
                    guard let end = Self.find([13, 10], in: buffer, from: position) else {
                        if buffer.count - position > maxHeaderBytes {
                            throw Failure(status: 431, reason: "trailer too large")
                        }
                        return nil
                    }
                    let isEmpty = end == position
                    position = end + 2
                    if isEmpty { return (body, position) }
                }
            }
            guard body.count + size <= maxBodyBytes else {
                throw Failure(status: 413, reason: "chunked body over \(maxBodyBytes) bytes")
            }
            guard buffer.count >= position + size + 2 else { return nil }
            guard buffer[position + size] == 13, buffer[position + size + 1] == 10 else {
                throw Failure(status: 400, reason: "chunk not followed by CRLF")
            }
            body.append(contentsOf: buffer[position..<(position + size)])
            position += size + 2
        }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    public static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] {
                var match = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    match = false
                    break
                }
                if match { return index }
            }
            index += 1
        }
        return nil
    }
}
