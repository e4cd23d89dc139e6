import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import StoreCore
import TerminalUI

/// The states a screenshot can show, each reached through the store's real actions and the
/// paywall's real keys (never by editing the state by hand), so a picture shows what a user
/// pressing those keys would see.
public enum ShotState: String, CaseIterable, Sendable {
    /// Nothing bought: the introductory offer is on offer.
    case eligible
    /// Subscribed once and expired: no introductory offer any more.
    case ineligible
    /// The plan the paywall opens on, with its free trial, bought: in the trial.
    case trial
    /// The first plan bought and confirmed.
    case subscribed
    /// Ask to Buy on, the selected plan asked for: waiting for approval.
    case pending
    /// Billing retry on, subscribed, the clock moved a month: the renewal's payment failed.
    case billingRetry = "billing-retry"
    /// The App Store's confirmation sheet open over the paywall.
    case sheet
    /// Subscribed, then the Transaction Manager opened.
    case manager
    /// Subscribed, then the cancel sheet opened (`o`) with the endpoint's text message.
    case cancelMessage = "cancel-message"
    /// The cancel sheet with a message and its full-size image.
    case cancelImage = "cancel-image"
    /// The cancel sheet with a switch-plan offer to another plan of the group.
    case cancelSwitchPlan = "cancel-switch-plan"
    /// The cancel sheet with a promotional offer on the current plan.
    case cancelOffer = "cancel-offer"
    /// The cancel sheet with the default message: the endpoint answered too late.
    case cancelDefault = "cancel-default"

    /// The keys that reach the state from a freshly loaded paywall, in order. A purchase is of
    /// the first plan (the paywall opens on one with a free trial; `trial` buys that one).
    public var keys: [Key] {
        let buy: [Key] = [Key](repeating: .up, count: 12) + [.enter, .enter]
        let manager = Key.character("m")
        switch self {
        case .eligible: return []
        case .trial: return [.enter, .enter]
        case .ineligible: return buy + [manager, .character("e"), .escape]
        case .subscribed: return buy
        case .pending: return [manager, .character("k"), .escape] + buy
        case .billingRetry:
            // Two months on: "]" moves 30 days, and the first renewal falls due a calendar month after buying.
            return [manager, .character("b"), .escape] + buy + [
                manager, .character("]"), .character("]"), .escape,
            ]
        case .sheet: return [.enter]
        case .manager: return buy + [manager]
        // The endpoint and messages are set up after the purchase (`RetentionScene`), then `o`.
        case .cancelMessage, .cancelImage, .cancelSwitchPlan, .cancelOffer, .cancelDefault: return buy
        }
    }

    /// Why `state` is not this state, nil when it is: a screenshot never silently shows another.
    public func mismatch(in state: AppState) -> String? {
        let store = state.store
        let reached: Bool
        switch self {
        case .eligible: reached = store.isEligibleForIntroOffer && store.entitlements.isEmpty
        case .ineligible: reached = !store.isEligibleForIntroOffer && store.entitlements.isEmpty
        case .subscribed: reached = !store.entitlements.isEmpty && state.overlay == nil
        case .trial:
            reached = store.entitlements.contains { $0.unsafePayloadValue.offer?.paymentMode == .freeTrial }
        case .pending: reached = !state.pendingProductIDs.isEmpty
        case .billingRetry: reached = store.statuses.contains { $0.state == .inBillingRetryPeriod }
        case .sheet:
            if case .sheet = state.overlay { reached = true } else { reached = false }
        case .manager: reached = state.overlay == .transactionManager
        case .cancelMessage, .cancelImage, .cancelSwitchPlan, .cancelOffer, .cancelDefault:
            reached = RetentionScene(self)?.isShown(in: state) ?? false
        }
        if reached { return nil }
        if store.plans.isEmpty { return "the catalog has no subscription plan to show it with" }
        let banner = state.notices.last.map { " (last banner: \($0.text))" } ?? ""
        return "the keys \(keys.map(\.description)) did not lead there\(banner)"
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// What `kiosk gallery` shows unless told: the paywall's own states. The cancel sheet's
    /// scenes need a subscription, another plan and a promotional offer in the catalog, so a
    /// gallery asks for them by name (`--states cancel-message,...`).
    public static var galleryDefault: [ShotState] { allCases.filter { RetentionScene($0) == nil } }
}

/// Why a scene could not be shown; its description names the scene and what went wrong.
public enum ShotSceneError: Error, CustomStringConvertible, Sendable {
    /// No store could be made on the catalog (or set to the locale).
    case storeUnavailable(catalog: String, reason: String)
    /// The tab asked for is behind the state's overlay: the options contradict each other.
    case tabCovered(tab: String, state: ShotState)
    /// The state's keys did not lead to the state on this catalog.
    case unreachable(state: ShotState, catalog: String, mismatch: String)

    public var description: String {
        switch self {
        case .storeUnavailable(let catalog, let reason): "cannot open a store on \(catalog): \(reason)"
        case .tabCovered(let tab, let state):
            "--tab \(tab) cannot be combined with --state \(state.rawValue), whose overlay covers the tabs"
        case .unreachable(let state, let catalog, let mismatch):
            "cannot show --state \(state.rawValue) on \(catalog): \(mismatch)"
        }
    }
}

/// Everything a screenshot chooses: catalog, theme, size, style, template, locale and state.
public struct ShotScene: Sendable {
    /// The store clock and wall clock every screenshot shows, so pictures are the same on every run.
    public static let clock = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28

    public var catalog: LoadedCatalog
    public var theme: Theme
    public var size: Size
    public var style: ControlStyle
    public var template: PaywallTemplate
    public var locale: String?
    public var state: ShotState
    /// The screen behind: the subscriptions or the shop (after the state is reached).
    public var tab: AppState.Tab

    public init(
        catalog: LoadedCatalog, theme: Theme, size: Size = Size(columns: 100, rows: 30),
        style: ControlStyle = .buttons, template: PaywallTemplate = .list, locale: String? = nil,
        state: ShotState = .eligible, tab: AppState.Tab = .subscriptions
    ) {
        self.catalog = catalog
        self.theme = theme
        self.size = size
        self.style = style
        self.template = template
        self.locale = locale
        self.state = state
        self.tab = tab
    }

    /// The screen, rendered headlessly on a fresh in-memory store with a frozen clock.
    /// - Throws: ``ShotSceneError`` when the store cannot be made or the state cannot be reached.
    public func render() async throws(ShotSceneError) -> Buffer {
        let store: SimulatedStore
        do {
            store = try SimulatedStore.open(
                catalog: catalog, location: .ephemeral(), frozenClock: true, execution: .callerThreads,
                wallClock: { Self.clock })
            if let locale { _ = try await store.perform(.apply(.locale(locale))) }
        } catch {
            throw .storeUnavailable(catalog: catalog.path, reason: "\(error)")
        }
        var content = PaywallContent(catalog: catalog, locale: locale)
        content.template = template
        var paywall = HeadlessPaywall(
            store: store, content: content, theme: theme, size: size, controlStyle: style)
        await paywall.start()
        await paywall.press(state.keys)
        if let retention = RetentionScene(state) {
            try await retention.open(on: store, in: &paywall, catalog: catalog.path)
        }
        if tab != paywall.state.tab {
            guard paywall.state.overlay == nil else {
                throw .tabCovered(tab: tab.shotName, state: state)
            }
            await paywall.press(.tab)
        }
        if let mismatch = state.mismatch(in: paywall.state) {
            throw .unreachable(state: state, catalog: catalog.path, mismatch: mismatch)
        }
        return paywall.frame().buffer
    }

    /// The screen in `format`, with the theme's own colours.
    public func export(_ format: ScreenFormat) async throws(ShotSceneError) -> String {
        ScreenExport(try await render(), palette: ExportPalette(theme: theme), title: caption).render(format)
    }

    /// What the picture shows, for titles and gallery captions.
    public var caption: String {
        let catalogName = URL(fileURLWithPath: catalog.path).deletingPathExtension().lastPathComponent
        return [
            catalogName, template.rawValue, style.rawValue, theme.name, locale ?? catalog.settings.locale,
            state.rawValue, tab == .subscriptions ? nil : tab.shotName, "\(size.columns)x\(size.rows)",
        ].compactMap { $0 }.joined(separator: " · ")
    }
}

extension AppState.Tab {
    /// The word `--tab` takes: `subscriptions` or `shop` (the tab bar's names, not the code's).
    public var shotName: String { self == .shelf ? "shop" : rawValue }

    public init?(shotName: String) {
        guard let tab = Self.allCases.first(where: { $0.shotName == shotName }) else { return nil }
        self = tab
    }
}
