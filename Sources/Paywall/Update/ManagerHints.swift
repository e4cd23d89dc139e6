import StoreCore
import TerminalUI

/// The Transaction Manager's hint line follows the selected transaction: the keys that act on
/// it in its state (approve and decline for a pending Ask to Buy, reverse for a refund, ...),
/// then the keys that always apply. A key the hint leaves out still works, and `?` lists all.
enum ManagerHints {
    /// The actions worth naming for `record`, in the key map's order.
    static func actions(for record: TransactionRecord?) -> Set<ManagerAction> {
        var actions: Set<ManagerAction> = [.move, .keys, .close]
        guard let record else { return actions.union([.askToBuy, .month, .notifications]) }
        let isSubscription = record.transaction.unsafePayloadValue.expirationDate != nil
        switch record.state {
        case .pendingApproval: actions.formUnion([.approve, .decline])
        case .interrupted, .billingRetry, .gracePeriod: actions.formUnion([.resolve, .timeline])
        case .refunded: actions.formUnion([.refundReverse])
        case .declined, .upgraded: actions.formUnion([.delete])
        case .expired: actions.formUnion([.timeline, .delete])
        case .purchased:
            actions.formUnion([.refund, .refundRequest])
            if isSubscription { actions.formUnion([.expire, .renew, .autoRenew, .timeline]) }
        }
        if record.refundRequest?.status == .open { actions.formUnion([.refundGrant, .refundDecline]) }
        return actions
    }

    /// The hint line for `record` in `width` columns; `?` is always kept.
    static func line(for record: TransactionRecord?, width: Int) -> String {
        let map = KeyMap(KeyMaps.manager.bindings.filter { actions(for: record).contains($0.action) })
        return map.helpLine(width: width, keeping: .keys)
    }
}
