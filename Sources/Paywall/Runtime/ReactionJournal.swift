import Foundation
import StoreCore

/// When the paywall journals its screen because a change made elsewhere redrew it (`kiosk store`
/// in another pane, the store's own renewals): once per change, after the reload it caused is
/// drawn, so `kiosk report` shows the shell's step followed by the paywall's reaction. A change
/// that arrives while the paywall's own work is under way, or within `echo` after it, is the
/// paywall's own (its purchase, a Transaction Manager action): that step already journaled the
/// screen it was asked from.
struct ReactionJournal {
    /// How long after its own work the store's events may still be the paywall's own echo.
    static let echo: Duration = .seconds(1)

    /// What changed, waiting for the redraw it causes.
    private var due: String?
    /// The last time the paywall had work of its own in flight.
    private var ownWorkSeen: ContinuousClock.Instant?

    /// Notes `event` before the paywall applies it: a change from elsewhere makes a line due.
    mutating func observe(_ event: Event, in state: AppState, at now: ContinuousClock.Instant) {
        guard state.isLoaded, let change = Self.change(in: event) else { return }
        noteOwnWork(in: state, at: now)
        if let seen = ownWorkSeen, seen.duration(to: now) < Self.echo { return }
        if due == nil { due = change }
    }

    /// Remembers when the paywall last had work of its own in flight (anything but the reads
    /// that follow a change).
    mutating func noteOwnWork(in state: AppState, at now: ContinuousClock.Instant) {
        if state.pending.keys.contains(where: { $0 != .reload && $0 != .readClock }) { ownWorkSeen = now }
    }

    /// The change to journal now that the screen shows its result, once; nil while none is due
    /// or the paywall still reads what it changed.
    mutating func takeDue(in state: AppState) -> String? {
        guard !state.isBusy, let change = due else { return nil }
        due = nil
        return change
    }

    /// A store change an event announces, in the journal's words; nil for anything else.
    static func change(in event: Event) -> String? {
        switch event {
        case .update(let verification):
            let transaction = verification.unsafePayloadValue
            return "transaction \(transaction.id) \(transaction.isRevoked ? "revoked" : "updated")"
        case .message(let message): return "a message: \(message)"
        case .storeEvent(.transaction(let verification)):
            return change(in: .update(verification))
        case .storeEvent(.askToBuyDeclined(let id, _)): return "Ask to Buy declined for transaction \(id)"
        case .storeEvent(.clockChanged): return "the clock moved"
        case .storeEvent(.stateChanged): return "the store changed"
        default: return nil
        }
    }
}
