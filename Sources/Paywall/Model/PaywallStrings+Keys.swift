import TerminalUI

/// A screen's action whose key words the paywall says in its language: the hint its binding
/// shows ("y accept · n decline") and, where the paywall translates it, the description.
///
/// Words are found by the action, not by the English text in `KeyMaps`: rewording a
/// description keeps its translations, and a new action does not compile until it says which
/// words it has. The Transaction Manager and the help screen are a tester's tools and stay
/// English, so their actions have no words.
public protocol LocalizedKeyAction: Hashable, Sendable {
    /// The word for the binding's description, nil where it stays as `KeyMaps` writes it.
    var descriptionWord: PaywallStrings.Word? { get }
    /// The word for the binding's hint, nil where it stays as written (or there is none).
    var hintWord: PaywallStrings.Word? { get }
}

extension PaywallStrings {
    /// `map` with its hints and the descriptions its actions have words for in this language.
    public func localized<Action: LocalizedKeyAction>(_ map: KeyMap<Action>) -> KeyMap<Action> {
        var map = map
        for index in map.bindings.indices {
            let action = map.bindings[index].action
            if let word = action.descriptionWord {
                map.bindings[index].description = self[word]
            }
            if map.bindings[index].hint != nil, let word = action.hintWord {
                map.bindings[index].hint = self[word]
            }
        }
        return map
    }
}

/// The paywall's own key list (`?`) is in its language: every key's description has a word.
extension PaywallAction: LocalizedKeyAction {
    public var descriptionWord: PaywallStrings.Word? {
        switch self {
        case .previous: .helpPrevious
        case .next: .helpNext
        case .page: .helpPage
        case .buy: .helpBuy
        case .tab: .helpTab
        case .style: .helpStyle
        case .label: .helpLabel
        case .view: .helpView
        case .quantity: .helpQuantity
        case .autoRenew: .helpAutoRenew
        case .restore: .helpRestore
        case .redeem: .helpRedeem
        case .terms: .helpTerms
        case .privacy: .helpPrivacy
        case .accounts: .helpAccounts
        case .manager: .helpManager
        case .acceptIncrease: .helpAccept
        case .declineIncrease: .helpDecline
        case .dismiss: .helpDismiss
        case .help: .keyHelp
        case .quit: .keyQuit
        case .template: .helpTemplate
        case .group: .helpGroup
        case .trial: .helpTrial
        case .screenshot: .helpScreenshot
        case .cancelSheet: .helpCancelSheet
        }
    }

    public var hintWord: PaywallStrings.Word? {
        switch self {
        case .acceptIncrease: .keyAccept
        case .declineIncrease: .keyDecline
        case .previous, .next, .page, .buy, .tab, .style, .label, .view, .quantity, .autoRenew, .restore,
            .redeem,
            .terms, .privacy, .accounts, .manager, .dismiss, .help, .quit, .template, .group, .trial,
            .screenshot, .cancelSheet:
            nil
        }
    }
}

/// The payment sheet's hints; its key list stays English.
extension SheetAction: LocalizedKeyAction {
    public var descriptionWord: PaywallStrings.Word? { nil }

    public var hintWord: PaywallStrings.Word? {
        switch self {
        case .confirm: .keyConfirm
        case .cancel: .keyCancel
        case .help: nil
        }
    }
}

/// Terms and privacy: the hints, and "close", which is one key word.
extension PolicyAction: LocalizedKeyAction {
    public var descriptionWord: PaywallStrings.Word? {
        switch self {
        case .close: .keyClose
        case .up, .down, .pageUp, .pageDown, .help: nil
        }
    }

    public var hintWord: PaywallStrings.Word? {
        switch self {
        case .up, .down: .keyScroll
        case .close: .keyClose
        case .pageUp, .pageDown, .help: nil
        }
    }
}

/// The offer-code field: the hints, and "cancel", which is one key word.
extension RedeemAction: LocalizedKeyAction {
    public var descriptionWord: PaywallStrings.Word? {
        switch self {
        case .cancel: .keyCancel
        case .redeem, .help, .type: nil
        }
    }

    public var hintWord: PaywallStrings.Word? {
        switch self {
        case .redeem: .keyRedeem
        case .cancel: .keyCancel
        case .help, .type: nil
        }
    }
}

/// The account menu: the hints, and "close", which is one key word.
extension AccountsAction: LocalizedKeyAction {
    public var descriptionWord: PaywallStrings.Word? {
        switch self {
        case .close: .keyClose
        case .previous, .next, .switch, .help: nil
        }
    }

    public var hintWord: PaywallStrings.Word? {
        switch self {
        case .switch: .keyChoose
        case .close: .keyClose
        case .previous, .next, .help: nil
        }
    }
}
