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
    private var due: ObservedChange?
    /// The last time the paywall had work of its own in flight.
    private var ownWorkSeen: ContinuousClock.Instant?

    /// Notes `event` before the paywall applies it: a change from elsewhere makes a line due.
    mutating func observe(_ event: Event, in state: AppState, at now: ContinuousClock.Instant) {
        guard state.isLoaded, let change = Self.change(in: event) else { return }
        noteOwnWork(in: state, at: now)
        if let seen = ownWorkSeen, seen.duration(to: now) < Self.echo { return }
        // Finishing a transaction announces a state change: the paywall's own, while it runs.
        if case .storeEvent(.stateChanged) = event, state.pending.keys.contains(where: \.isFinish) { return }
        if due == nil { due = change }
    }

    /// Remembers when the paywall last had work of its own in flight: anything but the reads
    /// and the finishing that follow any change, its own or not (a change from elsewhere is
    /// often delivered on `updates`, and finished, before its store event arrives).
    mutating func noteOwnWork(in state: AppState, at now: ContinuousClock.Instant) {
        let ownWork = state.pending.keys.contains { $0 != .reload && $0 != .readClock && !$0.isFinish }
        if ownWork { ownWorkSeen = now }
    }

    /// The change to journal now that the screen shows its result, once; nil while none is due
    /// or the paywall still reads what it changed.
    mutating func takeDue(in state: AppState) -> ObservedChange? {
        guard !state.isBusy, let change = due else { return nil }
        due = nil
        return change
    }

    /// A store change an event announces; nil for anything else. Only
    /// the store's events count: every change is one, while `updates` also hands over, at
    /// launch, transactions an earlier change left unfinished.
    static func change(in event: Event) -> ObservedChange? {
        guard case .storeEvent(let storeEvent) = event else { return nil }
        switch storeEvent {
        case .transaction(let verification):
            let transaction = verification.unsafePayloadValue
            return .transaction(id: transaction.id, revoked: transaction.isRevoked)
        case .askToBuyDeclined(let id, _): return .askToBuyDeclined(transactionID: id)
        case .clockChanged: return .clockMoved
        case .stateChanged: return .storeChanged
        case .message: return .messageForTheApp
        }
    }
}

extension Effect {
    fileprivate var isFinish: Bool {
        if case .finish = self { return true }
        return false
    }
}
