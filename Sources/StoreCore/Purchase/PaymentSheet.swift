/// What the App Store's payment sheet shows before a purchase: the product, the price, the
/// account it will be charged to and the offer terms.
public struct PaymentSheet: Sendable, Hashable {
    public var product: Product
    public var account: AccountName
    public var quantity: Int
    /// The offer the purchase will get, if any (its terms are shown above the price).
    public var offer: SubscriptionOffer?

    public init(product: Product, account: AccountName, quantity: Int = 1, offer: SubscriptionOffer? = nil) {
        self.product = product
        self.account = account
        self.quantity = quantity
        self.offer = offer
    }
}

/// How a purchase's payment sheet is answered.
public enum PurchaseConfirmation: Sendable {
    /// Confirm without asking (what the sheet does when dialogs are disabled).
    case confirm
    /// Cancel, as if the customer closed the sheet.
    case cancel
    /// Ask: the closure shows the sheet and returns true to confirm.
    case ask(@Sendable (PaymentSheet) async -> Bool)
}
