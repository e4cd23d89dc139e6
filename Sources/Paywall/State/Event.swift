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
    /// The payment sheet for a purchase, or nil when dialogs are disabled.
    case sheetReady(productID: String, sheet: PaymentSheet?, options: [PurchaseOption])
    case purchased(productID: String, PurchaseResult)
    /// A transaction delivered on `updates`.
    case update(VerificationResult<Transaction>)
    case message(StoreMessage)
    case storeEvent(StoreEvent)
    case restored(count: Int)
    case redeemed(code: String, PurchaseResult)
    /// A control action finished; the text says what was done (in English), `effect` which
    /// effect did it, so the banner can say it in the paywall's language.
    case done(String, effect: Effect? = nil)
    /// A store call failed: what was attempted (in English) and the error; `effect`, when an
    /// effect failed, lets the banner name it in the paywall's language.
    case failed(String, StoreError, effect: Effect? = nil)
    /// The runner finished an effect (after posting its answer, if it has one).
    case completed(Effect)
    /// The store is now reached another way (this process took a shared state over): the
    /// status line's backend name.
    case backendChanged(String)
    /// A watched file changed (live reload): the copy and theme to show now (the last good ones
    /// when a file has errors) and the located problems of the files that have them.
    case reloaded(LiveReload)
}
