import Foundation
import StoreCore

/// Monthly-billed plans with a twelve-month commitment (`.storekit` v5 billing plans): each
/// bill says where it stands in the commitment (Apple's `commitmentInfo`, 2026).
extension StagedAction {
    /// Bills in one commitment.
    static let commitmentLength = 12

    /// Counts one more bill on the chain's plan and stamps the transaction with its place in
    /// the commitment; a plan without a commitment clears it.
    mutating func countBill(
        _ transaction: inout Transaction, chain: inout SubscriptionChain, product: Product
    ) {
        guard chain.billingPlanType == .monthly, let plan = Self.monthlyPlan(of: product) else {
            chain.commitmentBills = 0
            chain.commitmentStartDate = nil
            return
        }
        if chain.commitmentStartDate == nil || chain.commitmentBills == 0
            || chain.commitmentBills >= Self.commitmentLength
        {
            chain.commitmentBills = 1
            chain.commitmentStartDate = transaction.purchaseDate
        } else {
            chain.commitmentBills += 1
        }
        guard let end = meta.clock.commitmentEnd(chain) else { return }
        transaction.commitment = Transaction.Commitment(
            billingPeriodNumber: chain.commitmentBills, totalBillingPeriods: Self.commitmentLength,
            expirationDate: end, price: plan.commitmentPrice)
    }

    static func monthlyPlan(of product: Product) -> BillingPlan? {
        product.subscription?.billingPlans.first { $0.type == .monthly && $0.isEnabled }
    }
}

extension VirtualClock {
    /// When the chain's current commitment ends: twelve monthly bills after it started.
    func commitmentEnd(_ chain: SubscriptionChain) -> Date? {
        chain.commitmentStartDate.map {
            periodEnd(
                from: $0, period: SubscriptionPeriod(value: 1, unit: .month),
                count: StagedAction.commitmentLength)
        }
    }
}
