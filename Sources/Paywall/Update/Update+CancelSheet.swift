import Foundation
import StoreCore

extension PaywallProgram {
    /// The cancel sheet's buttons and keys (docs/retention.md). Accepting a switch-plan offer
    /// buys the other plan, and accepting a promotional offer buys the current one with the
    /// developer's signed offer: both through the payment sheet and the store's usual rules
    /// (an upgrade at once, a downgrade or the same product's offer from the next renewal).
    static func performCancelSheet(
        _ state: inout AppState, _ sheet: RetentionSheet, transactionID: UInt64, fromManager: Bool,
        action: CancelSheetAction
    ) -> [Effect] {
        let back: Overlay? = fromManager ? .transactionManager : nil
        switch action {
        case .help:
            state.overlay = .help(
                over: .cancelSheet(sheet, transactionID: transactionID, fromManager: fromManager))
            return []
        case .keep:
            state.overlay = back
            return []
        case .cancelSubscription:
            state.overlay = back
            return [.control(.setAutoRenew(false, transactionID: transactionID))]
        case .accept:
            switch sheet.offer {
            case .none:
                // A message alone has nothing to accept: Enter keeps the subscription.
                state.overlay = back
                return []
            case .switchPlan(let productID, let plan):
                state.overlay = back
                return [
                    .prepareSheet(productID: productID, options: plan.map { [.billingPlanType($0)] } ?? [])
                ]
            case .promotionalOffer(let productID, let offerID, let signature):
                state.overlay = back
                return [
                    .prepareSheet(
                        productID: productID, options: [.promotionalOffer(id: offerID, signature: signature)])
                ]
            }
        }
    }
}
