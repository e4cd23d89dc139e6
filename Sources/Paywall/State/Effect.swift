import Foundation
import StoreCore

/// Work for the store, returned by ``update(_:_:)`` and carried out by the effect runner, whose
/// answers come back as ``Event``s.
public enum Effect: Sendable, Hashable {
    /// Re-read everything the screens show.
    case reload
    /// Read the store's clock.
    case readClock
    /// Ask for the payment sheet of a purchase.
    case prepareSheet(productID: String, options: [PurchaseOption])
    case purchase(productID: String, options: [PurchaseOption], confirmed: Bool)
    case finish(transactionID: UInt64)
    /// Restore purchases (`AppStore.sync`) and count what is owned.
    case sync
    case redeem(code: String)
    case switchAccount(AccountName)
    /// Replace the store's state with a named preset (`Presets`), for the account signed in.
    case loadPreset(String)
    /// One Transaction Manager or store-wide operation (`StoreControl.perform`).
    case control(StoreOperation)
    /// Ask the store for a subscription's cancel sheet (the real-time retention request).
    case openCancelSheet(productID: String, transactionID: UInt64, fromManager: Bool)
    /// A tester's change to retention content (App Review's verdict, from the manager).
    case manageRetention(RetentionManagement)
}
