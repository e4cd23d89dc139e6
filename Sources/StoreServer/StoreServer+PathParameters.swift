import HTTP
import StoreCore
import WireProtocol

extension StoreServer {
    /// The `{name}` capture of a route's path. The router binds every capture of a pattern
    /// before it calls the handler, so a missing one means a handler asks for a name its own
    /// pattern does not hold: a mistake in this module, answered 500 naming the parameter
    /// instead of trapping the server.
    static func capture(_ name: String, in parameters: Router.Parameters) throws(StoreError) -> String {
        guard let value = parameters[name] else {
            throw StoreError.backend(
                "the route has no {\(name)} path parameter (have: "
                    + "\(parameters.keys.sorted().joined(separator: ", "))): a server bug, please report it")
        }
        return value
    }

}
