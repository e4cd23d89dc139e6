/// What can go wrong in the store server: starting it, registering keys, and App Store
/// Server API calls that fail.
public enum StoreServerError: Error, Sendable, CustomStringConvertible {
    case cannotWriteToken(String)
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
        case .cannotListen(let reason): "cannot listen: \(reason)"
        case .invalidAPIKey(let reason): reason
        case .cannotWriteKeys(let path):
            "cannot write the API key registry \(path): check the state directory"
        case .invalidWebhook(let reason): "invalid webhook: \(reason)"
        case .appStoreAPI(let status, let code, let message): "\(status) \(code): \(message)"
        }
    }
}
