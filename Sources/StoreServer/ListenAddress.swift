import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Where `kiosk serve` listens: `HOST:PORT` with an IPv4 address (or `localhost`), or
/// `[IPV6]:PORT`. The server is meant for one machine: an address other machines can reach
/// needs `--expose`, because the bearer token and every signed purchase travel as plain HTTP.
public struct ListenAddress: Equatable, Sendable {
    /// The address without brackets.
    public var host: String
    public var port: UInt16
    public var isIPv6: Bool

    public static let example = "127.0.0.1:8686 or [::1]:8686"
    /// Where `kiosk serve` listens unless told: this machine only.
    public static let standard = ListenAddress(host: "127.0.0.1", port: 8686)

    public init(host: String, port: UInt16, isIPv6: Bool = false) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Parses `--listen`.
    /// - Throws: ``ListenAddressError`` saying which form was expected.
    public init(parsing text: String) throws(ListenAddressError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:") else {
                throw ListenAddressError(
                    "--listen '\(text)': an IPv6 address goes in brackets before the port, as [::1]:8686")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
            isIPv6 = true
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count > 2 {
                throw ListenAddressError(
                    "--listen '\(text)' is ambiguous: put an IPv6 address in brackets, as [::1]:8686 "
                        + "(the form is HOST:PORT or [IPV6]:PORT)")
            }
            guard parts.count == 2 else {
                throw ListenAddressError("--listen needs HOST:PORT such as \(Self.example), got '\(text)'")
            }
            hostPart = parts[0]
            portPart = parts[1]
            isIPv6 = false
        }
        guard let port = UInt16(portPart) else {
            throw ListenAddressError(
                "--listen '\(text)': the port must be a number from 0 to 65535, got '\(portPart)'")
        }
        self.port = port
        host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        guard Self.isNumeric(host, ipv6: isIPv6) else {
            throw ListenAddressError(
                "--listen '\(text)': '\(hostPart)' is not an \(isIPv6 ? "IPv6" : "IPv4") address "
                    + "(give a numeric address such as \(Self.example), or localhost)")
        }
    }

    /// Only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
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
    public func exposureWarning(url: String) -> String? {
        guard !isLoopback else { return nil }
        return "warning: listening on \(url), reachable from other machines (--expose): the bearer token and "
            + "every purchase cross the network as plain HTTP; anyone on the path can read them"
    }

    /// The address as a URL authority: `127.0.0.1:8686`, `[::1]:8686`.
    public func authority(port: UInt16) -> String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Why an address other machines can reach is refused without `--expose`; nil on loopback.
    public var exposureRefusal: String? {
        guard !isLoopback else { return nil }
        return "--listen \(authority(port: port)) lets other machines connect, and the bearer token "
            + "and every purchase would cross the network as plain HTTP: add --expose to mean it, "
            + "or listen on 127.0.0.1 (or [::1])"
    }

    /// Why listening failed, with what to do: a port in use names the options that choose another.
    public func listenFailure(_ error: any Error) -> String {
        let place = authority(port: port)
        guard let failure = error as? IOError, failure.errnoCode == EADDRINUSE else {
            return "kiosk serve: cannot listen on \(place): \(error)"
        }
        return
            "kiosk serve: port \(port) is already in use on \(host) (another kiosk serve, or "
            + "another server): choose another port with --listen \(authority(port: port &+ 1)), "
            + "or --listen \(authority(port: 0)) to let the system pick a free one"
    }

    private static func isNumeric(_ host: String, ipv6: Bool) -> Bool {
        if ipv6 {
            var address = in6_addr()
            return inet_pton(AF_INET6, host, &address) == 1
        }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }
}

/// A `--listen` value that is not an address, saying which form was expected.
public struct ListenAddressError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
