import Foundation
import StoreCore

/// One route of the tester operations (`StoreOperation`): its method and path template, and
/// how the server reads the operations back from a request. The server's router registers
/// every route of `StoreOperation.routes`; `RemoteStore` sends each operation on the route
/// `StoreOperation.wireRequest` names: one table, so the two sides cannot drift apart.
public struct OperationRoute: Sendable, Hashable {
    public let method: String
    /// `/v1/control/accounts/{account}/transactions/{id}/approve`
    public let template: String
    /// Whether the `{account}` of the path must exist already (not when adding it).
    public let accountMustExist: Bool
    private let decode:
        @Sendable (_ parameters: [String: String], _ body: [UInt8]) throws(StoreError) -> [StoreOperation]

    init(
        _ method: String, _ template: String, accountMustExist: Bool = true,
        decode:
            @escaping @Sendable (_ parameters: [String: String], _ body: [UInt8]) throws(StoreError) ->
            [StoreOperation]
    ) {
        self.method = method
        self.template = template
        self.accountMustExist = accountMustExist
        self.decode = decode
    }

    /// The operations a request on this route asks for (a settings patch may hold several).
    public func operations(parameters: [String: String], body: [UInt8]) throws(StoreError) -> [StoreOperation]
    {
        try decode(parameters, body.isEmpty ? Array("{}".utf8) : body)
    }

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

    public static func == (lhs: OperationRoute, rhs: OperationRoute) -> Bool {
        lhs.method == rhs.method && lhs.template == rhs.template
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(template)
    }
}

/// An operation as a request: its route, the path parameters besides the acting `{account}`,
/// and the body.
public struct OperationRequest: Sendable {
    public var route: OperationRoute
    public var parameters: [String: String]
    public var body: [UInt8]?
}
