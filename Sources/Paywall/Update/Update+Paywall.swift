import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The paywall screen's actions; `key` tells directions apart (page, quantity).
    static func performPaywall(_ state: inout AppState, action: PaywallAction, key: Key) -> [Effect] {
        let plans = state.store.plans
        switch action {
        case .previous, .next:
            let delta = action == .previous ? -1 : 1
            if state.tab == .subscriptions {
                state.planIndex = max(0, min(plans.count - 1, state.planIndex + delta))
            } else {
                state.shelf.select(by: delta, count: state.store.shelfProducts.count)
            }
        case .page:
            guard state.tab == .subscriptions else { return [] }
            let delta = key == .left ? -1 : 1
            state.planIndex = max(0, min(plans.count - 1, state.planIndex + delta))
        case .tab:
            state.tab = state.tab == .subscriptions ? .shelf : .subscriptions
        case .style: state.controlStyle = state.controlStyle.next()
        case .label: state.labelStyle = state.labelStyle.next()
        case .view: state.productViewStyle = state.productViewStyle.next()
        case .quantity:
            state.quantity = max(1, min(10, state.quantity + (key == .character("-") ? -1 : 1)))
        case .buy: return buy(&state)
        case .autoRenew:
            guard let status = state.store.activeStatus else {
                state.post(Notice(.info, state.content.strings[.noActiveSubscription]))
                return []
            }
            let renewal = status.renewalInfo.unsafePayloadValue
            return [
                .control(
                    .setAutoRenew(
                        !renewal.willAutoRenew, transactionID: status.transaction.unsafePayloadValue.id)
                )
            ]
        case .restore:
            state.isRestoring = true
            return [.sync]
        case .redeem: state.overlay = .redeem(TextFieldState(maxLength: 64))
        case .terms:
            state.overlay = .policy(
                title: state.content.strings[.termsOfUse],
                text: policyText(state.content.termsText, state.content.termsURL),
                offset: 0)
        case .privacy:
            state.overlay = .policy(
                title: state.content.strings[.privacyPolicy],
                text: policyText(state.content.privacyText, state.content.privacyURL),
                offset: 0)
        case .accounts:
            let index = state.store.accounts.firstIndex { $0.name == state.store.account } ?? 0
            state.overlay = .accounts(ListState(selected: index))
        case .manager: state.overlay = .transactionManager
        case .acceptIncrease, .declineIncrease:
            guard let notice = state.notices.last(where: { $0.priceIncreaseTransactionID != nil }),
                let id = notice.priceIncreaseTransactionID
            else { return [] }
            state.notices.removeAll { $0.priceIncreaseTransactionID == id }
            return [.control(.respondToPriceIncrease(transactionID: id, accept: action == .acceptIncrease))]
        case .dismiss:
            // The Ask to Buy banner is not among these (it is state, shown until the answer
            // arrives): dismiss the newest other one.
            if !state.notices.isEmpty { state.notices.removeLast() }
        case .help: state.overlay = .help(over: nil)
        case .quit: state.shouldQuit = true
        case .template:
            state.content.template = state.content.template.next()
            state.tab = .subscriptions
        case .group: return nextGroup(&state)
        case .trial:
            // The toggle shows whether the selected plan starts free: turning it over moves to the
            // nearest plan that does the opposite.
            let on = state.selectedPlan.map { state.store.hasFreeTrial($0) } ?? false
            if let index = trialPlanIndex(state, withTrial: !on) { state.planIndex = index }
        case .screenshot: state.screenshotRequests += 1
        case .cancelSheet:
            guard let status = state.store.activeStatus else {
                state.post(Notice(.info, state.content.strings[.noActiveSubscription]))
                return []
            }
            let transaction = status.transaction.unsafePayloadValue
            return [
                .openCancelSheet(
                    productID: transaction.productID, transactionID: transaction.id, fromManager: false)
            ]
        }
        return []
    }

    /// Shows the next subscription group and reads its statuses.
    static func nextGroup(_ state: inout AppState) -> [Effect] {
        let groups = state.store.subscriptionGroups
        guard groups.count > 1 else {
            state.post(Notice(.info, state.content.strings[.oneSubscriptionGroup]))
            return []
        }
        let current = groups.firstIndex { $0.id == state.store.groupID } ?? -1
        let next = groups[(current + 1) % groups.count]
        state.content.leadingGroupID = next.id
        state.store.groupID = next.id
        state.store.statuses = []
        state.planIndex = 0
        state.choosesPlan = true
        state.tab = .subscriptions
        return [.reload]
    }

    /// The plan the free-trial toggle moves to: the nearest (by level, then period) with a free
    /// trial when `withTrial`, without one otherwise; nil when there is none.
    static func trialPlanIndex(_ state: AppState, withTrial: Bool) -> Int? {
        let plans = state.store.plans
        guard !plans.isEmpty else { return nil }
        let selected = plans[min(state.planIndex, plans.count - 1)]
        let matching = plans.indices.filter { state.store.hasFreeTrial(plans[$0]) == withTrial }
        return matching.min { lhs, rhs in
            distance(plans[lhs], selected) < distance(plans[rhs], selected)
        }
    }

    /// How far apart two plans are: another level counts more than another period.
    private static func distance(_ lhs: Product, _ rhs: Product) -> Double {
        guard let left = lhs.subscription, let right = rhs.subscription else { return .infinity }
        return Double(abs(left.groupLevel - right.groupLevel)) * 10_000
            + abs(left.period.approximateDays - right.period.approximateDays)
    }

    /// Starts buying what is selected: first the payment sheet, then the purchase.
    static func buy(_ state: inout AppState) -> [Effect] {
        switch state.tab {
        case .subscriptions:
            guard let plan = state.selectedPlan else { return [] }
            // The plan held is not sold again: its button manages it (fix the payment, resume).
            if let effects = standingEffects(&state, plan: plan) { return effects }
            let offer = PlanOffer.best(for: plan, in: state.store)
            return [.prepareSheet(productID: plan.id, options: offer?.options ?? [])]
        case .shelf:
            guard let product = state.selectedShelfProduct else { return [] }
            let options: [PurchaseOption] = product.type == .consumable ? [.quantity(state.quantity)] : []
            return [.prepareSheet(productID: product.id, options: options)]
        }
    }

    /// The policy's text, else its address, else a note that the catalog has none.
    static func policyText(_ text: String?, _ url: String?) -> String {
        if let text, !text.isEmpty { return url.map { "\(text)\n\n\($0)" } ?? text }
        if let url { return "Read it at:\n\n\(url)" }
        return "This catalog has no policy text or address."
    }
}
