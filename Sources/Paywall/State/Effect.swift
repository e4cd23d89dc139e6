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
    case switchAccount(String)
    case control(ControlAction)
}

/// One Transaction Manager or store-wide action (`StoreControl`).
public enum ControlAction: Sendable, Hashable {
    case approve(UInt64), decline(UInt64)
    /// A refund at once, with the refunded share in milliunits (100000 is full).
    case refund(UInt64, Transaction.RevocationReason, percentage: Int)
    case openRefundRequest(UInt64, ConsumptionRequestReason)
    case grantRefundRequest(UInt64, percentage: Int), declineRefundRequest(UInt64), reverseRefund(UInt64)
    case expire(productID: String), forceRenew(productID: String)
    case autoRenew(Bool, transactionID: UInt64)
    case requestPriceIncrease(UInt64), respondToPriceIncrease(UInt64, accept: Bool)
    case resolveIssue(UInt64), delete(UInt64)
    case advanceClock(TimeInterval)
    case setting(StoreSetting)
    case simulatedError(SimulatedFailure?, FailableAPI)
    case clear
}
