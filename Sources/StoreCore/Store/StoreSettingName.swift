/// The words `kiosk store set` (and a rehearsal's `store set`) takes for a store setting. One
/// list: the help text, the parser, its error message and shell completion all derive from it,
/// so a new setting cannot be parsed without being offered, or offered without being parsed.
/// The order is the error message's; the on|off words keep it in the help text.
public enum StoreSettingName: String, Sendable, Hashable, CaseIterable {
    case askToBuy = "ask-to-buy"
    case billingRetry = "billing-retry"
    case gracePeriod = "grace-period"
    case graceDays = "grace-days"
    case interrupted = "interrupted"
    case dialogs = "dialogs"
    case finishedConsumables = "finished-consumables"

    /// Every setting but grace-days takes on or off.
    public var takesOnOff: Bool { self != .graceDays }

    /// The on|off settings, in order.
    public static var onOffNames: [StoreSettingName] { allCases.filter(\.takesOnOff) }

    /// The setting with `value`, for an on|off setting (nil for grace-days, which takes days).
    public func setting(_ value: Bool) -> StoreSetting? {
        switch self {
        case .askToBuy: .askToBuy(value)
        case .billingRetry: .billingRetryOnRenewal(value)
        case .gracePeriod: .billingGracePeriod(value)
        case .interrupted: .interruptedPurchases(value)
        case .dialogs: .disableDialogs(!value)
        case .finishedConsumables: .includeFinishedConsumables(value)
        case .graceDays: nil
        }
    }
}
