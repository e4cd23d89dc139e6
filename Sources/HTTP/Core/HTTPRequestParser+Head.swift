extension HTTPRequestParser {
    /// Parses a request head (without its final CRLF CRLF) on bytes. It was written on Strings
    /// first; splitting, trimming and Character checks were a fifth of the server's cycles under
    /// load (perf, kiosk-bench serve), so only the finished pieces become Strings.
    static func parseHead(_ head: ArraySlice<UInt8>) throws(Failure) -> HTTPRequest {
        guard String(validating: head, as: UTF8.self) != nil else {
            throw Failure(status: 400, reason: "request head is not UTF-8")
        }
        var lines = Lines(bytes: head)
        guard let requestLine = lines.next() else { throw Failure(status: 400, reason: "bad request line") }
        let (method, target, version) = try splitRequestLine(requestLine)
        let minor: Int
        switch version.elementsEqual("HTTP/1.1".utf8) ? 1 : version.elementsEqual("HTTP/1.0".utf8) ? 0 : -1 {
        case 1: minor = 1
        case 0: minor = 0
        default:
            if version.starts(with: "HTTP/".utf8) { throw Failure(status: 505, reason: "only HTTP/1.x") }
            throw Failure(status: 400, reason: "bad HTTP version")
        }
        var headers = HTTPHeaders()
        while let line = lines.next() {
            // Obsolete line folding and whitespace before the colon are refused (RFC 9112 5.1-5.2).
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), isToken(line[..<colon]) else {
                throw Failure(status: 400, reason: "bad header line")
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value.removeFirst() }
            while let last = value.last, last == 32 || last == 9 { value.removeLast() }
            guard !value.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw Failure(status: 400, reason: "bad header value")
            }
            headers.add(
                String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        guard minor == 0 || headers["Host"] != nil else {
            throw Failure(status: 400, reason: "HTTP/1.1 request without Host")
        }
        var request = HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            headers: headers)
        request.minorVersion = minor
        return request
    }

    /// `METHOD SP TARGET SP VERSION`, exactly one space apart; the target starts with `/` and
    /// holds no spaces or control characters.
    private static func splitRequestLine(_ line: ArraySlice<UInt8>) throws(Failure) -> (
        ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>
    ) {
        let parts = line.split(separator: 32, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, isToken(parts[0]), parts[1].first == UInt8(ascii: "/"),
            !parts[1].contains(where: { $0 < 33 || $0 == 127 })
        else { throw Failure(status: 400, reason: "bad request line") }
        return (parts[0], parts[1], parts[2])
    }

    /// Whether `bytes` are a non-empty RFC 9110 token (methods and header names).
    static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    /// The CRLF-separated lines of a head.
    private struct Lines {
        var bytes: ArraySlice<UInt8>

        mutating func next() -> ArraySlice<UInt8>? {
            guard !bytes.isEmpty else { return nil }
            var index = bytes.startIndex
            while index < bytes.endIndex {
                if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
                    let line = bytes[..<index]
                    bytes = bytes[(index + 2)...]
                    return line
                }
                index += 1
            }
            defer { bytes = bytes[bytes.endIndex...] }
            return bytes
        }
    }
}
