import CommandLineOptions

#if canImport(Glibc)
    import Glibc
#endif

/// Where `kiosk serve` listens: `HOST:PORT` with an IPv4 address (or `localhost`), or
/// `[IPV6]:PORT`. The server is meant for one machine: an address other machines can reach
/// needs `--expose`, because the bearer token and every signed purchase travel as plain HTTP.
struct ListenAddress: Equatable, Sendable {
    /// The address without brackets.
    var host: String
    var port: UInt16
    var isIPv6: Bool

    static let example = "127.0.0.1:8686 or [::1]:8686"

    init(host: String, port: UInt16, isIPv6: Bool = false) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Parses `--listen`.
    /// - Throws: `UsageError` saying which form was expected.
    init(parsing text: String) throws(UsageError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:") else {
                throw UsageError(
                    "--listen '\(text)': an IPv6 address goes in brackets before the port, as [::1]:8686")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
            isIPv6 = true
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count > 2 {
                throw UsageError(
                    "--listen '\(text)' is ambiguous: put an IPv6 address in brackets, as [::1]:8686 "
                        + "(the form is HOST:PORT or [IPV6]:PORT)")
            }
            guard parts.count == 2 else {
                throw UsageError("--listen needs HOST:PORT such as \(Self.example), got '\(text)'")
            }
            hostPart = parts[0]
            portPart = parts[1]
            isIPv6 = false
        }
        guard let port = UInt16(portPart) else {
            throw UsageError(
                "--listen '\(text)': the port must be a number from 0 to 65535, got '\(portPart)'")
        }
        self.port = port
        host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        guard Self.isNumeric(host, ipv6: isIPv6) else {
            throw UsageError(
                "--listen '\(text)': '\(hostPart)' is not an \(isIPv6 ? "IPv6" : "IPv4") address "
                    + "(give a numeric address such as \(Self.example), or localhost)")
        }
    }

    /// Only this machine can connect: 127.0.0.0/8 or ::1.
    var isLoopback: Bool {
        if isIPv6 {
            var address = in6_addr()
            var loopback = in6_addr()
            _ = inet_pton(AF_INET6, host, &address)
            _ = inet_pton(AF_INET6, "::1", &loopback)
            return withUnsafeBytes(of: &address) { a in withUnsafeBytes(of: &loopback) { a.elementsEqual($0) }
            }
        }
        return host.split(separator: ".").first == "127"
    }

    /// What `kiosk serve --expose` prints when other machines can connect; nil on loopback.
    func exposureWarning(url: String) -> String? {
        guard !isLoopback else { return nil }
        return "warning: listening on \(url), reachable from other machines (--expose): the bearer token and "
            + "every purchase cross the network as plain HTTP; anyone on the path can read them"
    }

    /// The address as a URL authority: `127.0.0.1:8686`, `[::1]:8686`.
    func authority(port: UInt16) -> String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isNumeric(_ host: String, ipv6: Bool) -> Bool {
        if ipv6 {
            var address = in6_addr()
            return inet_pton(AF_INET6, host, &address) == 1
        }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }
}
