import Foundation
import StoreCore

/// The open event streams of a `RemoteStore`: how to end each one's connection, and for which
/// account it is ready, so `switchAccount` can return only once every stream listens as the
/// new account (nothing the new account does after the switch is missed).
struct StreamConnections {
    enum Phase {
        /// Between connections: connecting, or waiting to retry.
        case connecting
        /// Connected and past its `ready` event, as this account.
        case ready(account: AccountName)
        /// The last try failed and it is backing off: waiting for it would wait out the backoff.
        case retrying
    }

    struct Stream {
        var phase = Phase.connecting
        /// Ends the current connection (it then reconnects as the account of the moment).
        var cancel: (@Sendable () -> Void)?
    }

    private var streams: [UUID: Stream] = [:]
    private var waiters: [(account: AccountName, continuation: CheckedContinuation<Void, Never>)] = []

    mutating func open(_ id: UUID) { streams[id] = Stream() }

    /// A connection opened as `account`; false when the store has switched since (the caller
    /// ends it, and the stream reconnects as the new account).
    mutating func connected(
        _ id: UUID, as account: AccountName, current: AccountName, cancel: @escaping @Sendable () -> Void
    )
        -> Bool
    {
        guard account == current else { return false }
        streams[id]?.cancel = cancel
        return true
    }

    mutating func set(_ id: UUID, _ phase: Phase) {
        guard streams[id] != nil else { return }
        streams[id]?.phase = phase
        if case .connecting = phase { streams[id]?.cancel = nil }
        resumeSettled()
    }

    mutating func close(_ id: UUID) {
        streams[id] = nil
        resumeSettled()
    }

    /// Ends every connection, so each stream reconnects (as the new account).
    mutating func reconnectAll() {
        for id in streams.keys {
            streams[id]?.cancel?()
            streams[id]?.phase = .connecting
            streams[id]?.cancel = nil
        }
    }

    /// Whether every stream is ready as `account`, or backing off after a failed try.
    func areSettled(for account: AccountName) -> Bool {
        streams.values.allSatisfy { stream in
            switch stream.phase {
            case .ready(let ready): ready == account
            case .retrying: true
            case .connecting: false
            }
        }
    }

    mutating func wait(for account: AccountName, _ continuation: CheckedContinuation<Void, Never>) {
        if areSettled(for: account) {
            continuation.resume()
        } else {
            waiters.append((account, continuation))
        }
    }

    private mutating func resumeSettled() {
        var waiting: [(account: AccountName, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in waiters {
            if areSettled(for: waiter.account) {
                waiter.continuation.resume()
            } else {
                waiting.append(waiter)
            }
        }
        waiters = waiting
    }
}
