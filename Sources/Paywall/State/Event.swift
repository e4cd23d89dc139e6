import Foundation
import StoreCore
import TerminalUI

/// Everything that can change the state: input, time, and answers from the store.
public enum Event: Sendable {
    /// The app started: read the store.
    case started
    case key(Key)
    /// A click the main loop resolved to a target of the last frame.
    case activate(HitTarget)
    case resize(Size)
    /// A second passed (the clock in the status line moves).
    case tick
    case loaded(StoreSnapshot)
    case clock(Date)
    /// The cancel sheet the store answered for the subscription of `transactionID`.
    case cancelSheetReady(RetentionSheet, transactionID: UInt64, fromManager: Bool)
    /// The payment sheet for a purchase, or nil when dialogs are disabled.
    case sheetReady(productID: String, sheet: PaymentSheet?, options: [PurchaseOption])
    case purchased(productID: String, PurchaseResult)
    /// A transaction delivered on `updates`.
    case update(VerificationResult<Transaction>)
    case message(StoreMessage)
    case storeEvent(StoreEvent)
    case restored(count: Int)
    case redeemed(code: String, PurchaseResult)
    /// An action finished: what it did, as facts; `update` words the banner once.
    case done(Outcome)
    /// An action failed: which one, and the store's error; `update` words the banner once.
    case failed(Attempt, StoreError)
    /// The runner finished an effect (after posting its answer, if it has one).
    case completed(Effect)
    /// The store is now reached another way (this process took a shared state over): the
    /// status line's backend name.
    case backendChanged(String)
    /// A watched file changed (live reload): the copy and theme to show now (the last good ones
    /// when a file has errors) and the located problems of the files that have them.
    case reloaded(LiveReload)
}

/// What a finished action did, as facts rather than words: `update` says it once, in the
/// paywall's language where the customer did it and in English for a tester's tools.
public enum Outcome: Sendable, Hashable {
    /// Signed in from the account menu.
    case signedIn(account: AccountName)
    /// A preset replaced the store's state (`summary`: the preset's own description).
    case presetLoaded(name: String, summary: String)
    /// A Transaction Manager operation (or the customer's answer to a price increase) and what
    /// the store answered.
    case performed(StoreOperation, StoreOperationResult)
    /// The screenshot key saved the screen to this file.
    case screenSaved(path: String)
    /// A retention upload was reviewed; the store's words for what it did.
    case retentionManaged(String)
}

/// What was attempted when something failed.
public enum Attempt: Sendable, Hashable {
    /// An effect `update` asked for.
    case effect(Effect)
    /// Saving the screen (the screenshot key), which the main loop does itself.
    case savingScreen
}
