/// What can stop the store server from starting.
public enum StoreServerError: Error, Sendable, CustomStringConvertible {
    case cannotWriteToken(String)
    case cannotListen(String)

    public var description: String {
        switch self {
        case .cannotWriteToken(let path):
            "cannot write the server token to \(path): check the state directory"
        case .cannotListen(let reason): "cannot listen: \(reason)"
        }
    }
}
