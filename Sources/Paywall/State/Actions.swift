// What a key or a click can do, one type per screen and overlay. The key maps bind keys to
// these, and every `switch` over one is exhaustive: a new action does not compile until the
// screen handles it, and a misspelt one does not compile at all.

/// The paywall screen (subscriptions and shop).
public enum PaywallAction: Sendable, Hashable, CaseIterable {
    case previous, next, page, buy, tab, style, label, view, quantity, autoRenew, restore, redeem
    case terms, privacy, accounts, manager, acceptIncrease, declineIncrease, dismiss, help, quit
    /// The next paywall template (layout).
    case template
    /// The next subscription group, for catalogs with several.
    case group
    /// The hero template's free-trial toggle.
    case trial
    /// Save the screen as a picture (see ``ScreenSaver``).
    case screenshot
    /// Open the subscription's details and choose to cancel: the cancel sheet with the
    /// developer's retention message (docs/retention.md).
    case cancelSheet
}

/// The Transaction Manager.
public enum ManagerAction: Sendable, Hashable, CaseIterable {
    case move, approve, decline, refund, refundIssue, refundHalf
    case refundRequest, refundReason, refundGrant, refundGrantHalf, refundDecline, refundReverse
    case expire, renew, autoRenew, increase
    case acceptIncrease, declineIncrease, resolve, delete, day, month, rate, askToBuy, billing, grace
    case graceDays, consumables, interrupted, dialogs, api, error, storefront, locale, clear, notifications
    /// List every key in place of the transactions (the hint line has room for only some).
    case keys
    /// The selected subscription's history on a time axis, in place of the transactions.
    case timeline
    case close
    /// Save the store as a save point named after the time; load the newest save point.
    case savePoint, loadSavePoint
    /// The selected subscription's customer opens its cancel sheet (the retention message).
    case cancelSheet
    /// App Review of the oldest retention upload still PENDING: approve it, or reject it.
    case approveRetention, rejectRetention
}

/// The App Store's payment sheet.
public enum SheetAction: Sendable, Hashable, CaseIterable {
    case confirm, cancel, help
}

/// The cancel sheet: the retention message the App Store shows a customer about to cancel.
public enum CancelSheetAction: Sendable, Hashable, CaseIterable {
    /// Take the offer: switch plan, or redeem the promotional offer (the payment sheet follows).
    case accept
    /// Cancel anyway: auto-renew off.
    case cancelSubscription
    /// Keep the subscription as it is and close the sheet.
    case keep
    case help
}

/// Terms of service and privacy policy.
public enum PolicyAction: Sendable, Hashable, CaseIterable {
    case up, down, pageUp, pageDown, close, help
}

/// The offer-code field.
public enum RedeemAction: Sendable, Hashable, CaseIterable {
    case redeem, cancel, help
    /// Any other key edits the code.
    case type
}

/// The sandbox account picker.
public enum AccountsAction: Sendable, Hashable, CaseIterable {
    case previous, next, `switch`, close, help
}

/// The help screen in front of a screen: any key goes back to it.
public enum HelpAction: Sendable, Hashable, CaseIterable {
    case close
}
