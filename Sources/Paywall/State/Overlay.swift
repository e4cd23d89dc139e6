import StoreCore
import TerminalUI

/// What is shown in front of the paywall, one at a time.
public enum Overlay: Sendable, Hashable {
    /// The App Store's payment sheet for a purchase about to be made.
    case sheet(PaymentSheet, options: [PurchaseOption])
    /// The keys of what is in front (the paywall when nil); closing it shows that again.
    indirect case help(over: Overlay?)
    /// Terms or privacy: a title and a scrollable text.
    case policy(title: String, text: String, offset: Int)
    case redeem(TextFieldState)
    case accounts(ListState)
    case transactionManager
    /// The cancel sheet of the subscription whose latest transaction is `transactionID`
    /// (docs/retention.md); `fromManager`: closing it shows the Transaction Manager again.
    case cancelSheet(RetentionSheet, transactionID: UInt64, fromManager: Bool)
}
