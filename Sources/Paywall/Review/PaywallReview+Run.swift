import Foundation
import StoreCore
import TerminalUI

extension PaywallReview {
    /// The customer states a review renders, reached through the store's own operations.
    public enum CustomerState: String, Sendable, Hashable, CaseIterable {
        /// New to the group: introductory offers apply.
        case eligible
        /// Subscribed once and lapsed: no introductory offer any more.
        case ineligible
        /// In the free trial of a plan that has one: the other plans are changes.
        case trial
        /// Subscribed to the group's first plan.
        case subscribed
        /// The first plan's renewal failed: in billing retry (the plan held asks for a payment fix).
        case billingRetry = "billing-retry"
        /// A purchase waits for Ask to Buy approval (the banner shows).
        case pending
    }

    /// The sizes a review renders at: the most common terminal and a roomy one.
    public static let sizes = [Size(columns: 80, rows: 24), Size(columns: 120, rows: 40)]

    /// Renders every template × locale × customer state × subscription group × plan at every
    /// size and returns every finding (``review(makeStore:content:theme:templates:locales:states:sizes:)``
    /// without its counts).
    ///
    /// - Parameter makeStore: a new store on the catalog, with no transactions.
    public static func run(
        makeStore: () async throws -> EffectRunner.Backend, content: PaywallContent, theme: Theme,
        templates: [PaywallTemplate] = PaywallTemplate.allCases, locales: [String],
        states: [CustomerState] = CustomerState.allCases, sizes: [Size] = sizes
    ) async throws -> [ReviewFinding] {
        try await review(
            makeStore: makeStore, content: content, theme: theme, templates: templates, locales: locales,
            states: states, sizes: sizes
        ).findings
    }

    /// What a review found, and how much rendering it took.
    public struct Report: Sendable {
        public var findings: [ReviewFinding]
        /// The screens the review stands for: every template × locale × customer state × group ×
        /// size × plan for sale, as many as a review that rendered each would render.
        public var screens: Int
        /// The screens actually rendered and checked: each distinct one once (a worker that
        /// meets a screen another is still checking waits for its findings).
        public var renders: Int
    }

    /// Renders every template × locale × customer state × subscription group × plan at every
    /// size, each distinct screen once, and returns every finding with the counts.
    ///
    /// The store is used only to reach each customer state (a fresh store per state) and each
    /// locale; the screens themselves are pure functions of the paywall's state, so they are
    /// checked on worker threads (one per core) while the walk goes on to the next state. A
    /// screen is what its `AppState` is with the template, size and plan chosen (the theme is
    /// the review's): one identical to a screen already checked (two locales the catalog and the
    /// paywall say alike; two customer states the catalog cannot tell apart, such as a trial on a
    /// plan without one and a subscription) is checked once and its findings named for each.
    public static func review(
        makeStore: () async throws -> EffectRunner.Backend, content: PaywallContent, theme: Theme,
        templates: [PaywallTemplate] = PaywallTemplate.allCases, locales: [String],
        states: [CustomerState] = CustomerState.allCases, sizes: [Size] = sizes
    ) async throws -> Report {
        let screens = ReviewedScreens()
        let pool = ReviewCheckPool<(CustomerState, AppState, PaywallTemplate), ScreenTally>(
            workers: ProcessInfo.processInfo.activeProcessorCount
        ) { customer, state, template in
            check(state, template: template, sizes: sizes, theme: theme, customer: customer, screens: screens)
        }
        // Screens alike in every respect but the locale's name (en_US and en_GB on a catalog that
        // says both alike) cannot differ: each is checked once and its findings named for each.
        // The customer state stays in the key: the findings are named for it. The signatures
        // stay too (not ``AppState/screenKey``): a locale merged here moves its findings next to
        // the first locale's, and the review's output keeps the order it had; a screen a walk
        // meets again is still rendered only once (``ReviewedScreens``).
        var unique: [LocaleWalkKey: Int] = [:]
        var alike: [[String]] = []
        func add(_ customer: CustomerState, _ state: AppState) {
            var screen = state
            // The language, not the locale's name: the paywall's own words stay in the key.
            screen.content.locale = state.content.strings.language
            screen.store.settings.locale = ""
            let key = LocaleWalkKey(customer: customer, screen: screen)
            if let index = unique[key] {
                alike[index].append(state.content.locale)
                return
            }
            unique[key] = alike.count
            alike.append([state.content.locale])
            for template in templates { pool.add((customer, state, template)) }
        }
        do {
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
                        add(customer, paywall.state)
                    }
                    if paywall.state.store.subscriptionGroups.count > 1 { await press(.group, on: &paywall) }
                }
            }
        } catch {
            // The workers finish what they were given before the error is passed on.
            _ = await pool.results()
            throw error
        }
        // In the order the screens were reached, each named for every locale it stands for.
        let found = await pool.results()
        let findings = found.enumerated().flatMap { job, tally in
            alike[job / templates.count].flatMap { locale in tally.findings.map { $0.in(locale) } }
        }
        let reached = found.enumerated().reduce(0) { sum, job in
            sum + job.element.screens * alike[job.offset / templates.count].count
        }
        return Report(findings: findings, screens: reached, renders: screens.renders)
    }

    /// A state reached in a locale's walk, as the walk's screens are determined: the customer
    /// state it was reached in (its findings are named for it) and the screen's state.
    struct LocaleWalkKey: Hashable {
        var customer: CustomerState
        var screen: AppState
    }

    /// One job's findings and how many screens it stood for.
    struct ScreenTally: Sendable {
        var findings: [ReviewFinding] = []
        var screens = 0
    }

    /// Checks `state` in `template` at every size, every plan selected, each screen through
    /// `screens` (checked there once, whoever meets it first).
    static func check(
        _ loaded: AppState, template: PaywallTemplate, sizes: [Size], theme: Theme, customer: CustomerState,
        screens: ReviewedScreens
    ) -> ScreenTally {
        var state = loaded
        state.content.template = template
        var tally = ScreenTally()
        for size in sizes {
            _ = PaywallProgram.update(&state, .resize(size))
            for index in state.store.plans.indices {
                state.planIndex = index
                guard
                    let findings = screens.findings(
                        for: state, check: { check($0, theme: theme, stateName: "") })
                else { continue }
                tally.screens += 1
                tally.findings += findings.map { $0.named(customer.rawValue) }
            }
        }
        return tally
    }

    /// Brings a fresh store and its paywall to `customer`, through the store's own operations
    /// (a purchase off the device, an expiry, a failed renewal, Ask to Buy and a purchase through
    /// the sheet).
    public static func reach(_ customer: CustomerState, on paywall: inout HeadlessPaywall) async throws {
        guard let plan = paywall.state.store.plans.first else { return }
        let store = paywall.store
        // A catalog's own Ask to Buy (`_askToBuyEnabled`) would hold the purchases that reach a
        // state for approval, as it holds any purchase off the device: they are made with it
        // off, and the catalog's setting is back before the screens are drawn.
        let holdsPurchases = paywall.state.store.settings.askToBuyEnabled && customer != .pending
        if holdsPurchases { _ = try await store.perform(.apply(.askToBuy(false))) }
        try await purchase(into: customer, plan: plan, on: &paywall)
        if holdsPurchases { _ = try await store.perform(.apply(.askToBuy(true))) }
        await paywall.refresh()
    }

    /// The purchases and store changes that make a new customer `customer`.
    private static func purchase(
        into customer: CustomerState, plan: Product, on paywall: inout HeadlessPaywall
    )
        async throws
    {
        let store = paywall.store
        switch customer {
        case .eligible: return
        case .subscribed:
            _ = try await store.perform(.buyOffDevice(productID: plan.id, options: []))
        case .trial:
            // The plan with a free trial, if the group has one; else there is no trial to be in.
            let trial =
                paywall.state.store.plans.first {
                    $0.subscription?.introductoryOffer?.paymentMode == .freeTrial
                }
            _ = try await store.perform(.buyOffDevice(productID: (trial ?? plan).id, options: []))
        case .ineligible:
            _ = try await store.perform(.buyOffDevice(productID: plan.id, options: []))
            _ = try await store.perform(.expireSubscription(productID: plan.id))
        case .billingRetry:
            _ = try await store.perform(.apply(.billingRetryOnRenewal(true)))
            _ = try await store.perform(.buyOffDevice(productID: plan.id, options: []))
            let days = plan.subscription?.period.approximateDays ?? 31
            _ = try await store.perform(.advanceClock(seconds: days * 86_400 + 3_600))
        case .pending:
            _ = try await store.perform(.apply(.askToBuy(true)))
            await paywall.press([Key](repeating: .up, count: paywall.state.store.plans.count))
            await paywall.press(.enter)  // the payment sheet
            await paywall.press(.enter)  // confirm: the purchase waits for approval
            if paywall.state.overlay != nil { await paywall.press(.escape) }
        }
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
