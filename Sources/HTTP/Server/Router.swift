import Foundation

/// Maps a method and path to a handler, as a pure function tests can call without sockets.
/// Patterns are literal segments and `{name}` captures: `/v1/accounts/{account}/purchases`.
public struct Router: Sendable {
    /// The captured path segments, percent-decoded.
    public typealias Parameters = [String: String]
    public typealias Handler = @Sendable (HTTPRequest, Parameters) async -> HTTPResponse

    /// What a method and path lead to.
    public enum Match: Sendable {
        case found(Handler, Parameters)
        /// The path exists with other methods (for a 405 with `Allow`).
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private struct Route: Sendable {
        var method: String
        var segments: [Substring]
        /// The names of the `{name}` captures by position, nil for a literal segment: worked
        /// out once, not on every request.
        var captures: [String?]
        var handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        let segments = Self.segments(pattern)
        let captures = segments.map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
        routes.append(Route(method: method, segments: segments, captures: captures, handler: handler))
    }

    /// The route for `method` and `path` (without query).
    public func match(method: String, path: String) -> Match {
        let parts = Self.segments(path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.bind(route, to: parts) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route.handler, parameters)
            }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Every pattern with its method, for documentation checks.
    public var patterns: [(method: String, pattern: String)] {
        routes.map { ($0.method, "/" + $0.segments.joined(separator: "/")) }
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func bind(_ route: Route, to parts: [Substring]) -> Parameters? {
        guard route.segments.count == parts.count else { return nil }
        // Literal segments first: most routes fail there, before any capture is decoded.
        for (index, capture) in route.captures.enumerated() where capture == nil {
            guard route.segments[index] == parts[index] else { return nil }
        }
        var parameters: Parameters = [:]
        for (index, capture) in route.captures.enumerated() {
            guard let name = capture else { continue }
            let actual = parts[index]
            // Most segments hold no escapes: Foundation's decoding showed up under load.
            let decoded = actual.contains("%") ? String(actual).removingPercentEncoding : String(actual)
            guard let value = decoded, !value.isEmpty else { return nil }
            parameters[name] = value
        }
        return parameters
    }
}
