import Foundation
import StoreCore

/// The answers of `latest(for:)` (the wire's one-transaction read, what an app asks most) and
/// of the App Store Server API's Get Transaction Info (what a backend asks most) as the store
/// last gave them, so a server's connection threads answer the same question again
/// without waiting for a turn of the store behind purchases.
///
/// An answer holds while nothing changes: `StoreState` empties the cache whenever it takes a
/// change or forgets what it read (a purchase, a refund, a setting, a simulated failure, a
/// save point loaded), and an answer is not given once the store's clock has reached the next
/// due event, whose renewal or expiry must run first. Everything else an answer depends on is
/// in the state. Reads that find nothing here go to the store, which remembers its answer.
///
/// Dozens of connection threads read at once on two cores: a reader-writer lock lets them,
/// where a mutex sent each one that found it taken into the kernel (a third of a read's time
/// under `kiosk-bench serve`).
final class LatestReadCache: Sendable {
    struct Key: Hashable {
        var account: AccountName
        var productID: String
    }

    /// Answers kept at most; past it the cache starts over (accounts × products asked).
    static let capacity = 10_000

    /// The answers, with the store's clock and its next due event while they were given (one
    /// state: an answer is only good with the clock it was given at).
    private struct Answers: Sendable {
        var byKey: [Key: VerificationResult<Transaction>?] = [:]
        /// The App Store Server API's Get Transaction Info answers (the signed transaction, or
        /// nil for no such visible transaction), by ID, and the identity they were given for.
        var serverTransactions: [UInt64: ServerTransaction?] = [:]
        var identity: AppIdentity?
        var clock: VirtualClock?
        var dueAt = Date.distantPast
    }

    private let state = ReadWriteLocked(Answers())

    /// Forgets every answer: the state they came from has changed.
    func clear() {
        state.write { answers in
            guard answers.clock != nil || !answers.byKey.isEmpty || !answers.serverTransactions.isEmpty else {
                return
            }
            answers = Answers()
        }
    }

    /// Keeps the store's answer for the transaction `id` (App Store Server API), given for
    /// `identity` at `clock` with the next due event at `dueAt`, as `remember` does.
    func remember(
        _ answer: ServerTransaction?, id: UInt64, identity: AppIdentity, clock: VirtualClock, dueAt: Date
    ) {
        state.writeIfFree { answers in
            if answers.serverTransactions.count >= Self.capacity { answers.serverTransactions = [:] }
            answers.serverTransactions[id] = .some(answer)
            answers.identity = identity
            answers.clock = clock
            answers.dueAt = dueAt
        }
    }

    /// The store's identity when an answer was last kept; nil since a change (the identity is
    /// in the store's settings, whose every change empties the cache).
    var identity: AppIdentity? { state.read { $0.identity } }

    /// The transaction `id` as the store last gave it and the identity it was given for, if it
    /// still holds at `wall` (as `answer`); nil when the store must be asked.
    func serverTransaction(id: UInt64, wall: Date, latestSigningDate: Date) -> (
        answer: ServerTransaction?, identity: AppIdentity
    )? {
        state.read { answers in
            guard let clock = answers.clock, let identity = answers.identity,
                let answer = answers.serverTransactions[id],
                min(clock.now(wall: wall), latestSigningDate) < answers.dueAt
            else { return nil }
            return (answer, identity)
        }
    }

    /// Keeps the store's answer for `account` and `productID`, given at `clock` with the next
    /// due event at `dueAt` (store time). Only if no reader holds the cache at this instant:
    /// a kept answer saves time, and the store's thread must not wait to save it.
    func remember(
        _ answer: VerificationResult<Transaction>?, account: AccountName, productID: String,
        clock: VirtualClock,
        dueAt: Date
    ) {
        state.writeIfFree { answers in
            if answers.byKey.count >= Self.capacity { answers.byKey = [:] }
            answers.byKey[Key(account: account, productID: productID)] = .some(answer)
            answers.clock = clock
            answers.dueAt = dueAt
        }
    }

    /// The answer the store gave, if it still holds at wall-clock time `wall` (the store's
    /// time never passing `latestSigningDate`, as `SimulatedStore.currentTime`); nil when
    /// the store must be asked.
    func answer(account: AccountName, productID: String, wall: Date, latestSigningDate: Date)
        -> VerificationResult<Transaction>??
    {
        let key = Key(account: account, productID: productID)
        return state.read { answers -> VerificationResult<Transaction>?? in
            guard let clock = answers.clock, let answer = answers.byKey[key],
                min(clock.now(wall: wall), latestSigningDate) < answers.dueAt
            else { return nil }
            return .some(answer)
        }
    }
}
