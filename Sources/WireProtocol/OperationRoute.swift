import Foundation
import StoreCore

/// The tester operations' routes (`StoreOperation.routes`).
public typealias OperationRoute = WireRoute<StoreOperation>
/// The app's requests' routes (`StoreRequest.routes`).
public typealias RequestRoute = WireRoute<StoreRequest>

/// What the server hands a route to read a value back: the path's parameters, the request's
/// headers (by name, as sent) and its body.
public struct WireInput: Sendable {
    public var parameters: [String: String]
    public var headers: [String: String]
    public var body: [UInt8]

    public init(parameters: [String: String], headers: [String: String] = [:], body: [UInt8]) {
        self.parameters = parameters
        self.headers = headers
        self.body = body.isEmpty ? Array("{}".utf8) : body
    }

    /// The transaction ID of a path's `{id}`, or a 400 naming what was there.
    static func transactionID(_ parameters: [String: String]) throws(StoreError) -> UInt64 {
        guard let text = parameters["id"], let id = UInt64(text) else {
            throw StoreError.invalidArgument("'\(parameters["id"] ?? "")' is not a transaction ID")
        }
        return id
    }
}

/// One route of the store's vocabulary (`StoreOperation`, `StoreRequest`): its method and path
/// template, and how the server reads the values back from a request. The server's router
/// registers every route of the tables; `RemoteStore` sends each value on the route its
/// `wireRequest` names: one table, so the two sides cannot drift apart.
public struct WireRoute<Value: Sendable>: Sendable, Hashable {
    public let method: String
    /// `/v1/control/accounts/{account}/transactions/{id}/approve`
    public let template: String
    /// Whether the `{account}` of the path must exist already (not when adding it).
    public let accountMustExist: Bool
    /// Whether sending it twice does what sending it once does (reads, finishing, restoring): a
    /// client that lost the answer may send it again.
    public let isRepeatable: Bool
    private let decode: @Sendable (WireInput) throws(StoreError) -> [Value]

    init(
        _ method: String, _ template: String, accountMustExist: Bool = true, isRepeatable: Bool = false,
        reading decode: @escaping @Sendable (WireInput) throws(StoreError) -> [Value]
    ) {
        self.method = method
        self.template = template
        self.accountMustExist = accountMustExist
        self.isRepeatable = isRepeatable || method == "GET"
        self.decode = decode
    }

    /// A route whose values need only the path's parameters and the body.
    init(
        _ method: String, _ template: String, accountMustExist: Bool = true, isRepeatable: Bool = false,
        decode:
            @escaping @Sendable (_ parameters: [String: String], _ body: [UInt8]) throws(StoreError) ->
            [Value]
    ) {
        self.init(method, template, accountMustExist: accountMustExist, isRepeatable: isRepeatable) {
            input throws(StoreError) in
            try decode(input.parameters, input.body)
        }
    }

    /// The values a request on this route asks for (a settings patch may hold several).
    public func values(from input: WireInput) throws(StoreError) -> [Value] { try decode(input) }

    /// The path with its parameters filled in, each percent-encoded as one segment.
    public func path(_ parameters: [String: String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
            let value = parameters[String(segment.dropFirst().dropLast())] ?? String(segment)
            return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
        }.joined(separator: "/")
    }

    public static func == (lhs: WireRoute, rhs: WireRoute) -> Bool {
        lhs.method == rhs.method && lhs.template == rhs.template
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(template)
    }
}

/// An operation as a request: its route, the path parameters besides the acting `{account}`,
/// the body and any headers.
public struct WireRequest<Value: Sendable>: Sendable {
    public var route: WireRoute<Value>
    public var parameters: [String: String]
    public var body: [UInt8]?
    public var headers: [String: String]

    public init(
        route: WireRoute<Value>, parameters: [String: String], body: [UInt8]? = nil,
        headers: [String: String] = [:]
    ) {
        self.route = route
        self.parameters = parameters
        self.body = body
        self.headers = headers
    }
}

public typealias OperationRequest = WireRequest<StoreOperation>
