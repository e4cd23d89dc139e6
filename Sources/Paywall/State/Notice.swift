/// A banner over the paywall: what happened, in the theme role its kind calls for.
public struct Notice: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case pending, info, success, warning, error
    }

    public var kind: Kind
    public var text: String
    /// A key hint shown at the end ("y accept · n decline").
    public var hint: String?
    /// Set for a price-increase banner: the transaction whose consent is asked.
    public var priceIncreaseTransactionID: UInt64?

    public init(
        _ kind: Kind, _ text: String, hint: String? = nil, priceIncreaseTransactionID: UInt64? = nil
    ) {
        self.kind = kind
        self.text = text
        self.hint = hint
        self.priceIncreaseTransactionID = priceIncreaseTransactionID
    }
}
