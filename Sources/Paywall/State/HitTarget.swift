/// Something a click can land on, recorded by the renderer with its rectangle.
public enum HitTarget: Sendable, Hashable {
    case plan(Int)
    case shelfProduct(Int)
    case record(Int)
    /// A paywall button that does what a key does (`buy`, `restore`, ...).
    case paywall(PaywallAction)
    /// A button of the payment sheet (Confirm, Cancel).
    case sheet(SheetAction)
    /// A button of the cancel sheet (accept the offer, cancel, keep).
    case cancelSheet(CancelSheetAction)
}
