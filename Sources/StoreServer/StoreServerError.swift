/// What can go wrong in the store server: starting it, registering keys, and App Store
/// Server API calls that fail.
public enum StoreServerError: Error, Sendable, CustomStringConvertible {
    case cannotWriteToken(String)
    /// The token file is there but cannot be read: its path and why.
    case cannotReadToken(String, String)
    case cannotListen(String)
    /// An App Store Server API key that cannot be registered (the text says why).
    case invalidAPIKey(String)
    case cannotWriteKeys(String)
    /// A webhook URL the server cannot deliver to.
    case invalidWebhook(String)
    /// An App Store Server API call that fails: the HTTP status and Apple's error code.
    case appStoreAPI(status: Int, code: Int, message: String)

    public var description: String {
        switch self {
        case .cannotWriteToken(let path):
            "cannot write the server token to \(path): check the state directory"
        case .cannotReadToken(let path, let reason):
            "cannot read the server token \(path) (\(reason)): fix its permissions, or delete it to make a new one"
        case .cannotListen(let reason): "cannot listen: \(reason)"
        case .invalidAPIKey(let reason): reason
        case .cannotWriteKeys(let path):
            "cannot write the API key registry \(path): check the state directory"
        case .invalidWebhook(let reason): "invalid webhook: \(reason)"
        case .appStoreAPI(let status, let code, let message): "\(status) \(code): \(message)"
        }
    }
}
