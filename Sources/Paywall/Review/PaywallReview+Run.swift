import StoreCore
import TerminalUI

extension PaywallReview {
    /// The customer states a review renders, reached through the store's own operations.
    public enum CustomerState: String, Sendable, Hashable, CaseIterable {
        /// New to the group: introductory offers apply.
        case eligible
        /// Subscribed once and lapsed: no introductory offer any more.
        case ineligible
        /// Subscribed to the group's first plan.
        case subscribed
        /// A purchase waits for Ask to Buy approval (the banner shows).
        case pending
    }

    /// The sizes a review renders at: the most common terminal and a roomy one.
    public static let sizes = [Size(columns: 80, rows: 24), Size(columns: 120, rows: 40)]

    /// Renders every template × locale × customer state × subscription group × plan at every
    /// size on a fresh store per state, and returns every finding.
    ///
    /// - Parameter makeStore: a new store on the catalog, with no transactions.
    public static func run(
        makeStore: () async throws -> EffectRunner.Backend, content: PaywallContent, theme: Theme,
        templates: [PaywallTemplate] = PaywallTemplate.allCases, locales: [String],
        states: [CustomerState] = CustomerState.allCases, sizes: [Size] = sizes
    ) async throws -> [ReviewFinding] {
        var findings: [ReviewFinding] = []
        for customer in states {
            let store = try await makeStore()
            var paywall = HeadlessPaywall(store: store, content: content, theme: theme, size: sizes[0])
            await paywall.start()
            try await reach(customer, on: &paywall)
            for locale in locales {
                _ = try await store.perform(.apply(.locale(locale)))
                await paywall.refresh()
                // Every group of the catalog, the group key wrapping back to the first at the end.
                for group in paywall.state.store.subscriptionGroups.indices {
                    if group > 0 { await press(.group, on: &paywall) }
                    for template in templates {
                        await show(template, on: &paywall)
                        for size in sizes {
                            await paywall.resize(size)
                            let count = paywall.state.store.plans.count
                            await paywall.press([Key](repeating: .up, count: count))
                            for index in 0..<count {
                                if index > 0 { await paywall.press(.down) }
                                findings += check(paywall.state, theme: theme, stateName: customer.rawValue)
                                // Hundreds of renders in a row: let other tasks on the pool run between them.
                                await Task.yield()
                            }
                        }
                    }
                }
                if paywall.state.store.subscriptionGroups.count > 1 { await press(.group, on: &paywall) }
            }
        }
        return findings
    }

    /// Brings a fresh store and its paywall to `customer`, through the store's own operations
    /// (a purchase off the device, an expiry, Ask to Buy and a purchase through the sheet).
    public static func reach(_ customer: CustomerState, on paywall: inout HeadlessPaywall) async throws {
        guard let plan = paywall.state.store.plans.first else { return }
        let store = paywall.store
        switch customer {
        case .eligible: return
        case .subscribed:
            _ = try await store.perform(.buyOffDevice(productID: plan.id, options: []))
        case .ineligible:
            _ = try await store.perform(.buyOffDevice(productID: plan.id, options: []))
            _ = try await store.perform(.expireSubscription(productID: plan.id))
        case .pending:
            _ = try await store.perform(.apply(.askToBuy(true)))
            await paywall.press(.enter)  // the payment sheet
            await paywall.press(.enter)  // confirm: the purchase waits for approval
            if paywall.state.overlay != nil { await paywall.press(.escape) }
        }
        await paywall.refresh()
    }

    /// Steps the template key until `template` shows.
    public static func show(_ template: PaywallTemplate, on paywall: inout HeadlessPaywall) async {
        for _ in PaywallTemplate.allCases where paywall.state.content.template != template {
            await press(.template, on: &paywall)
        }
    }

    /// Presses the key the paywall's key map binds to `action`.
    static func press(_ action: PaywallAction, on paywall: inout HeadlessPaywall) async {
        guard let key = KeyMaps.paywall.bindings.first(where: { $0.action == action })?.keys.first else {
            return
        }
        await paywall.press(key)
    }
}
