import TerminalUI

/// The key maps: they decide what keys do and produce the help overlay and the hint line, so
/// the two never disagree. Each binds keys to its screen's own action type.
public enum KeyMaps {
    public static let paywall = KeyMap<PaywallAction>([
        KeyBinding(
            keys: [.up, .character("k")], label: "↑/k", description: "previous option", action: .previous),
        KeyBinding(keys: [.down, .character("j")], label: "↓/j", description: "next option", action: .next),
        KeyBinding(keys: [.left, .right], label: "←/→", description: "page (paged styles)", action: .page),
        KeyBinding(
            keys: [.enter, .character(" ")], label: "enter", description: "buy / subscribe", action: .buy),
        KeyBinding(
            keys: [.tab, .backTab], label: "tab", description: "subscriptions / shelf", action: .tab),
        KeyBinding(keys: [.character("s")], description: "next control style", action: .style),
        KeyBinding(keys: [.character("l")], description: "next button label style", action: .label),
        KeyBinding(keys: [.character("v")], description: "next product view style", action: .view),
        KeyBinding(
            keys: [.character("+"), .character("-")], label: "+/-", description: "quantity",
            action: .quantity),
        KeyBinding(keys: [.character("u")], description: "auto-renew off / on", action: .autoRenew),
        KeyBinding(keys: [.character("r")], description: "restore purchases", action: .restore),
        KeyBinding(keys: [.character("c")], description: "redeem code", action: .redeem),
        KeyBinding(keys: [.character("t")], description: "terms of service", action: .terms),
        KeyBinding(keys: [.character("p")], description: "privacy policy", action: .privacy),
        KeyBinding(keys: [.character("a")], description: "switch account", action: .accounts),
        KeyBinding(keys: [.character("m")], description: "transaction manager", action: .manager),
        KeyBinding(
            keys: [.character("y")], description: "accept price increase", hint: "accept",
            action: .acceptIncrease),
        KeyBinding(
            keys: [.character("n")], description: "decline price increase", hint: "decline",
            action: .declineIncrease),
        KeyBinding(keys: [.character("x")], description: "dismiss banner", action: .dismiss),
        KeyBinding(keys: [.character("?")], description: "help", action: .help),
        KeyBinding(keys: [.character("q"), .ctrl("c")], label: "q", description: "quit", action: .quit),
        KeyBinding(keys: [.character("d")], description: "next paywall template", action: .template),
        KeyBinding(keys: [.character("g")], description: "next subscription group", action: .group),
        KeyBinding(keys: [.character("f")], description: "free trial on / off (hero)", action: .trial),
        KeyBinding(keys: [.character("S")], description: "save a screenshot", action: .screenshot),
        KeyBinding(
            keys: [.character("o")], description: "subscription details: cancel (retention message)",
            action: .cancelSheet),
    ])

    public static let manager = KeyMap<ManagerAction>([
        KeyBinding(keys: [.up, .down], label: "↑/↓", description: "select transaction", action: .move),
        KeyBinding(keys: [.character("a")], description: "approve Ask to Buy", action: .approve),
        KeyBinding(keys: [.character("d")], description: "decline Ask to Buy", action: .decline),
        KeyBinding(keys: [.character("f")], description: "refund (other)", action: .refund),
        KeyBinding(keys: [.character("F")], description: "refund (developer issue)", action: .refundIssue),
        KeyBinding(keys: [.character("h")], description: "refund half (prorated)", action: .refundHalf),
        KeyBinding(
            keys: [.character("r")], description: "customer asks for a refund", action: .refundRequest),
        KeyBinding(
            keys: [.character("u")], description: "next refund request reason", action: .refundReason),
        KeyBinding(keys: [.character("G")], description: "grant refund request", action: .refundGrant),
        KeyBinding(
            keys: [.character("H")], description: "grant refund request, half", action: .refundGrantHalf),
        KeyBinding(keys: [.character("v")], description: "decline refund request", action: .refundDecline),
        KeyBinding(keys: [.character("z")], description: "reverse refund", action: .refundReverse),
        KeyBinding(keys: [.character("e")], description: "expire subscription", action: .expire),
        KeyBinding(keys: [.character("R")], description: "force renew", action: .renew),
        KeyBinding(keys: [.character("w")], description: "auto-renew on/off", action: .autoRenew),
        KeyBinding(keys: [.character("i")], description: "request price increase", action: .increase),
        KeyBinding(keys: [.character("y")], description: "accept price increase", action: .acceptIncrease),
        KeyBinding(keys: [.character("n")], description: "decline price increase", action: .declineIncrease),
        KeyBinding(keys: [.character("o")], description: "resolve issue", action: .resolve),
        KeyBinding(
            keys: [.character("X"), .delete], label: "X/del", description: "delete", action: .delete),
        KeyBinding(keys: [.character(">")], description: "clock +1 day", action: .day),
        KeyBinding(keys: [.character("]")], description: "clock +1 month", action: .month),
        KeyBinding(keys: [.character("T")], description: "next time rate", action: .rate),
        KeyBinding(keys: [.character("k")], description: "Ask to Buy on/off", action: .askToBuy),
        KeyBinding(keys: [.character("b")], description: "billing retry on/off", action: .billing),
        KeyBinding(keys: [.character("g")], description: "grace period on/off", action: .grace),
        KeyBinding(keys: [.character("P")], description: "grace period 3/16/28 days", action: .graceDays),
        KeyBinding(
            keys: [.character("c")], description: "finished consumables in history on/off",
            action: .consumables),
        KeyBinding(
            keys: [.character("I")], description: "interrupted purchases on/off", action: .interrupted),
        KeyBinding(keys: [.character("D")], description: "dialogs off/on", action: .dialogs),
        KeyBinding(
            keys: [.character(","), .character(".")], label: ",/.", description: "choose API", action: .api),
        KeyBinding(keys: [.character("E")], description: "next simulated error for API", action: .error),
        KeyBinding(keys: [.character("S")], description: "next storefront", action: .storefront),
        KeyBinding(keys: [.character("L")], description: "next locale", action: .locale),
        KeyBinding(keys: [.character("C")], description: "clear transactions", action: .clear),
        KeyBinding(
            keys: [.character("N")], description: "server notifications / transactions",
            action: .notifications),
        KeyBinding(keys: [.character("?")], description: "all keys", action: .keys),
        KeyBinding(
            keys: [.character("t")], description: "subscription timeline / transactions", action: .timeline),
        KeyBinding(
            keys: [.escape, .character("m"), .character("q")], label: "esc/m", description: "close",
            action: .close),
        KeyBinding(keys: [.character("s")], description: "save a save point", action: .savePoint),
        KeyBinding(
            keys: [.character("l")], description: "load the newest save point", action: .loadSavePoint),
        KeyBinding(
            keys: [.character("W")], description: "cancel sheet (retention message)",
            action: .cancelSheet),
        KeyBinding(
            keys: [.character("V")], description: "approve next retention upload",
            action: .approveRetention),
        KeyBinding(
            keys: [.character("J")], description: "reject next retention upload",
            action: .rejectRetention),
    ])

    /// The cancel sheet: the developer's retention message before the customer cancels.
    public static let cancelSheet = KeyMap<CancelSheetAction>([
        KeyBinding(
            keys: [.enter, .character("y")], label: "enter/y", description: "accept the offer",
            hint: "accept", action: .accept),
        KeyBinding(
            keys: [.character("c")], description: "cancel the subscription (auto-renew off)", hint: "cancel",
            action: .cancelSubscription),
        KeyBinding(
            keys: [.escape, .character("k"), .character("q")], label: "esc/k",
            description: "keep the subscription", hint: "keep", action: .keep),
        KeyBinding(keys: [.character("?")], description: "list these keys", action: .help),
    ])

    /// The App Store's payment sheet.
    public static let sheet = KeyMap<SheetAction>([
        KeyBinding(
            keys: [.enter, .character("y"), .character(" ")], label: "enter/y",
            description: "confirm the purchase", hint: "confirm", action: .confirm),
        KeyBinding(
            keys: [.escape, .character("n"), .character("q")], label: "esc/n",
            description: "cancel the purchase", hint: "cancel", action: .cancel),
        KeyBinding(keys: [.character("?")], description: "list these keys", action: .help),
    ])

    /// Terms of service and privacy policy.
    public static let policy = KeyMap<PolicyAction>([
        KeyBinding(
            keys: [.up, .character("k")], label: "↑/k", description: "scroll up", hint: "scroll", action: .up),
        KeyBinding(
            keys: [.down, .character("j")], label: "↓/j", description: "scroll down", hint: "scroll",
            action: .down),
        KeyBinding(keys: [.pageUp], label: "pgup", description: "page up", action: .pageUp),
        KeyBinding(
            keys: [.pageDown, .character(" ")], label: "pgdn/space", description: "page down",
            action: .pageDown),
        KeyBinding(
            keys: [.escape, .character("q"), .enter], label: "esc/q", description: "close", hint: "close",
            action: .close),
        KeyBinding(keys: [.character("?")], description: "list these keys", action: .help),
    ])

    /// The offer-code field; every other key edits the code (offer codes have no `?`).
    public static let redeem = KeyMap<RedeemAction>(
        [
            KeyBinding(keys: [.enter], description: "redeem the code", hint: "redeem", action: .redeem),
            KeyBinding(keys: [.escape], label: "esc", description: "cancel", hint: "cancel", action: .cancel),
            KeyBinding(keys: [.character("?")], description: "list these keys", action: .help),
        ], otherKeys: KeyBinding(keys: [], label: "other keys", description: "edit the code", action: .type))

    /// The sandbox account picker.
    public static let accounts = KeyMap<AccountsAction>([
        KeyBinding(
            keys: [.up, .character("k")], label: "↑/k", description: "previous account", action: .previous),
        KeyBinding(
            keys: [.down, .character("j")], label: "↓/j", description: "next account", action: .next),
        KeyBinding(
            keys: [.enter], description: "switch to this account, or load this preset", hint: "choose",
            action: .switch),
        KeyBinding(
            keys: [.escape, .character("q")], label: "esc/q", description: "close", hint: "close",
            action: .close),
        KeyBinding(keys: [.character("?")], description: "list these keys", action: .help),
    ])

    /// The help screen (`?`) over any of the others.
    public static let help = KeyMap<HelpAction>(
        [], otherKeys: KeyBinding(keys: [], label: "any key", description: "close", action: .close))

    /// What keys can be in front of: the paywall and each overlay.
    enum Screen: CaseIterable {
        case paywall, manager, sheet, policy, redeem, accounts, help, cancelSheet

        init(_ overlay: Overlay?) {
            switch overlay {
            case nil: self = .paywall
            case .transactionManager: self = .manager
            case .sheet: self = .sheet
            case .policy: self = .policy
            case .redeem: self = .redeem
            case .accounts: self = .accounts
            case .help: self = .help
            case .cancelSheet: self = .cancelSheet
            }
        }

        var page: KeyPage {
            switch self {
            case .paywall: KeyPage("Paywall", title: "Keys", KeyMaps.paywall)
            case .manager:
                KeyPage("Transaction Manager (m)", title: "Transaction Manager keys", KeyMaps.manager)
            case .sheet: KeyPage("Payment sheet", title: "Payment sheet keys", KeyMaps.sheet)
            case .policy: KeyPage("Terms and privacy (t, p)", title: "Terms and privacy keys", KeyMaps.policy)
            case .redeem: KeyPage("Redeem code (c)", title: "Redeem code keys", KeyMaps.redeem)
            case .accounts: KeyPage("Sandbox accounts (a)", title: "Sandbox accounts keys", KeyMaps.accounts)
            case .help: KeyPage("Help (?)", title: "Help keys", KeyMaps.help)
            case .cancelSheet:
                KeyPage("Cancel sheet (o, W)", title: "Cancel sheet keys", KeyMaps.cancelSheet)
            }
        }
    }

    /// Every screen's keys, in the order the reference lists them.
    public static let all: [KeyPage] = Screen.allCases.map(\.page)

    /// The keys of what is in front when the overlay is `overlay` (the paywall when nil): what
    /// `?` lists, taken from the map that dispatches them.
    public static func page(for overlay: Overlay?) -> KeyPage { Screen(overlay).page }

    /// Storefronts and locales the manager steps through.
    static let storefronts = ["USA", "DEU", "JPN", "GBR", "SAU", "FRA"]
    /// Every language the paywall speaks, so `L` shows each of them.
    static let locales = [
        "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ja", "ko", "zh_Hans", "zh_Hant", "ar", "he",
    ]
}

/// One screen's keys with its action type set aside, for what lists every screen's keys (the
/// help overlay, `docs/keys.md`).
public struct KeyPage: Sendable {
    /// The screen as the reference names it, e.g. `"Payment sheet"`.
    public let screen: String
    /// The help overlay's title.
    public let title: String
    /// The keys in the map's order.
    public let bindings: [KeyHelp]
    /// What every other key does, if anything.
    public let otherKeys: KeyHelp?

    init<Action>(_ screen: String, title: String, _ map: KeyMap<Action>) {
        self.screen = screen
        self.title = title
        bindings = map.bindings.map(\.help)
        otherKeys = map.otherKeys?.help
    }

    /// Every row help lists, what other keys do last.
    public var rows: [KeyHelp] { bindings + (otherKeys.map { [$0] } ?? []) }
}
