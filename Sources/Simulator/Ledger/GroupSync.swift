import Descriptors
import Dispatch
import Foundation
import Synchronization

/// Group commit: makes the ledger's commits durable in batches, one `fsync` for every commit
/// written before it began.
///
/// The ledger commits with `synchronous=NORMAL`, so a commit writes its WAL frames without
/// waiting for the disk; a store action that must be acknowledged (a purchase, a finish, a
/// tester's operation) then waits in `durable(_:)` until an `fsync` of the WAL that started
/// after its commit has returned. That wait is off the store: while one batch is on its way to
/// the disk, the store stages and writes the next one, so concurrent purchases share an
/// `fsync` instead of queueing behind one each. The WAL is written in order, so an `fsync`
/// covers every commit before it; a crash loses only commits nobody was told about, and
/// SQLite's WAL checksums drop such a tail whole.
final class GroupSync: Sendable {
    private struct State {
        /// Tickets: commits written so far, and how many of them an fsync has covered.
        var written: UInt64 = 0
        var synced: UInt64 = 0
        var waiters: [(ticket: UInt64, continuation: CheckedContinuation<LedgerError?, Never>)] = []
        var isClosed = false
        /// Someone asked for an fsync nobody waits on (`startSync`).
        var isRequested = false
        /// The ticket of each recently committed batch (`Ledger+Batch`), by batch number.
        var batchTickets: [UInt64: UInt64] = [:]
        /// How many fsyncs ran (for tests of batching).
        var syncs = 0
    }

    /// What the syncing thread shares with the store.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        /// The fsync, boxed: a closure kept in a `Mutex` itself would be re-wrapped in a
        /// reabstraction thunk on every access, each call a little slower than the last.
        let sync: Mutex<SyncBody>

        init(sync: @escaping @Sendable () -> LedgerError?) { self.sync = Mutex(SyncBody(sync)) }

        /// One fsync covering every commit written before it began; answers those it covers.
        /// - Parameter evenIfNothingCommitted: sync pages of a transaction still open, too.
        func syncOnce(evenIfNothingCommitted: Bool = false) -> LedgerError? {
            let target = state.withLock { $0.written }
            // Nothing written since the last fsync: nothing to wait for.
            if !evenIfNothingCommitted, state.withLock({ $0.synced >= target && $0.waiters.isEmpty }) {
                return nil
            }
            let failure = sync.withLock { $0 }.body()
            let answered = state.withLock { state in
                state.syncs += 1
                if failure == nil { state.synced = max(state.synced, target) }
                let covered = state.waiters.filter { failure != nil || $0.ticket <= target }
                state.waiters.removeAll { failure != nil || $0.ticket <= target }
                return covered
            }
            for waiter in answered { waiter.continuation.resume(returning: failure) }
            return failure
        }
    }

    private let shared: Shared

    /// - Parameter sync: makes every write so far durable (an `fsync` of the WAL); nil on success.
    init(sync: @escaping @Sendable () -> LedgerError?) {
        let shared = Shared(sync: sync)
        self.shared = shared
        Thread {
            Thread.current.name = "kiosk-fsync"
            // Whenever someone waits (or asked), one fsync for everything written so far.
            while true {
                shared.wake.wait()
                while true {
                    let (isWaited, isRequested) = shared.state.withLock { state in
                        defer { state.isRequested = false }
                        return (!state.waiters.isEmpty, state.isRequested)
                    }
                    guard isWaited || isRequested else { break }
                    _ = shared.syncOnce(evenIfNothingCommitted: isRequested)
                }
                if shared.state.withLock({ $0.isClosed }) { return }
            }
        }.start()
    }

    deinit { close() }

    /// Lets the syncing thread end once nobody waits.
    func close() {
        shared.state.withLock { $0.isClosed = true }
        shared.wake.signal()
    }

    /// Records that a commit was written; returns its ticket.
    @discardableResult
    func written() -> UInt64 {
        shared.state.withLock { state in
            state.written += 1
            return state.written
        }
    }

    /// How many committed batches keep their ticket: a request asks for its batch's right
    /// after its own turn, so only the latest few are ever asked for.
    static let rememberedBatches: UInt64 = 1024

    /// Records that batch `batch` was committed; returns its ticket.
    @discardableResult
    func written(batch: UInt64) -> UInt64 {
        shared.state.withLock { state in
            state.written += 1
            state.batchTickets[batch] = state.written
            if batch >= Self.rememberedBatches { state.batchTickets[batch - Self.rememberedBatches] = nil }
            return state.written
        }
    }

    /// The ticket of `batch` if it was committed (recently): a request of that batch then
    /// waits for its fsync without another turn of the store.
    func ticket(ofBatch batch: UInt64) -> UInt64? {
        shared.state.withLock { $0.batchTickets[batch] }
    }

    /// The ticket of the latest commit written.
    var latestTicket: UInt64 { shared.state.withLock { $0.written } }

    /// How many fsyncs have run so far.
    var syncCount: Int { shared.state.withLock { $0.syncs } }

    /// Replaces the fsync (tests hold it to watch what waits for it).
    func replaceSync(_ body: @escaping @Sendable () -> LedgerError?) {
        shared.sync.withLock { $0 = SyncBody(body) }
    }

    /// Starts an fsync on the syncing thread without waiting for it: a long run of writes (a
    /// clock advance's catch-up) has its pages on their way to the disk while it goes on, so
    /// the fsync that ends it (`syncNow`) has little left to write.
    func startSync() {
        shared.state.withLock { $0.isRequested = true }
        shared.wake.signal()
    }

    /// Makes everything written so far durable on the calling thread, as a commit with
    /// `synchronous=FULL` would (for actions nobody waits on in a group).
    func syncNow() throws(LedgerError) {
        if let failure = shared.syncOnce() { throw failure }
    }

    /// Returns once the commit with `ticket` is durable; throws when the fsync failed.
    func durable(_ ticket: UInt64) async throws(LedgerError) {
        let shared = self.shared
        let failure = await withCheckedContinuation {
            (continuation: CheckedContinuation<LedgerError?, Never>) in
            let isDone = shared.state.withLock { state -> Bool in
                guard state.synced < ticket else { return true }
                state.waiters.append((ticket, continuation))
                return false
            }
            if isDone { continuation.resume(returning: nil) } else { shared.wake.signal() }
        }
        if let failure { throw failure }
    }
}

/// A sync function, held by reference.
final class SyncBody: Sendable {
    let body: @Sendable () -> LedgerError?

    init(_ body: @escaping @Sendable () -> LedgerError?) { self.body = body }
}

/// An open descriptor of the ledger's WAL file, for `fsync`: opened on first use (SQLite
/// creates the file), closed with the ledger.
final class WALFile: Sendable {
    private let path: String
    /// Closed when the ledger releases this (its `OwnedDescriptor` goes with it).
    private let descriptor = Mutex<OwnedDescriptor?>(nil)

    init(ledgerPath: String) { path = ledgerPath + "-wal" }

    /// fdatasync of the WAL (what SQLite itself uses: the data and the size, not the times); nil
    /// on success.
    func sync() -> LedgerError? {
        descriptor.withLock { descriptor -> LedgerError? in
            if descriptor == nil {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                if fd >= 0 { descriptor = OwnedDescriptor(fd) }
            }
            guard let descriptor, descriptor.withNumber({ fdatasync($0) }) == 0 else {
                let code = errno
                return .sqlite(
                    SQLiteError(
                        code: 10, message: "fsync \(path): \(String(cString: strerror(code)))",
                        path: String(path.dropLast(4))))
            }
            return nil
        }
    }
}
