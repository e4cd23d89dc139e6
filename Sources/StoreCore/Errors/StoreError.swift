/// Every error a `Store` or `StoreControl` throws: StoreKit's own errors (so an app's error
/// handling can be rehearsed) and the store's own refusals, each with a message a person can
/// act on.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A StoreKit error, real or simulated.
    case storeKit(StoreKitError)
    /// A purchase error, real or simulated.
    case purchase(PurchaseError)
    /// No product with this identifier in the catalog.
    case productNotFound(String)
    /// No transaction with this identifier for the account.
    case transactionNotFound(UInt64)
    /// No account with this name.
    case accountNotFound(AccountName)
    /// The action does not apply to its target (like SKTestError.invalidAction): the
    /// message says what was expected.
    case invalidAction(String)
    /// A value given to the store is malformed: the message names it.
    case invalidArgument(String)
    /// The backend failed (storage, network, server): the message says what and where.
    case backend(String)
    /// An idempotency key already used for a different request (HTTP 422, as payment APIs
    /// answer): the message names the key and what differs.
    case idempotencyKeyReused(String)

    public var description: String {
        switch self {
        case .storeKit(let error): "StoreKitError.\(error.rawValue): \(error)"
        case .purchase(let error): "Product.PurchaseError.\(error.rawValue): \(error)"
        case .productNotFound(let id): "No product '\(id)' in the catalog. Check the product ID."
        case .transactionNotFound(let id): "No transaction \(id) for this account."
        case .accountNotFound(let name): "No account '\(name)'. List accounts with `kiosk store accounts`."
        case .invalidAction(let message): message
        case .invalidArgument(let message): message
        case .backend(let message): message
        case .idempotencyKeyReused(let message): message
        }
    }
}
