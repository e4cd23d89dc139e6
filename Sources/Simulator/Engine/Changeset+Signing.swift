import Dispatch
import Foundation
import StoreCore
import Synchronization

extension Changeset {
    /// Signs every transaction the action changed. A clock advance renews thousands of
    /// subscriptions in one action and each needs a P-256 signature, the largest single cost,
    /// so large batches are split across the machine's cores; the signer is thread-safe.
    mutating func signPending(with signer: any PayloadSigner) throws(StoreError) {
        guard let batch = startSigning(with: signer, helpers: Self.helpers(for: unsigned.count)) else {
            return
        }
        signatures.merge(try batch.finish()) { $1 }
        unsigned = [:]
    }

    /// Starts signing what the action changed on `helpers` other threads, and returns the
    /// batch to `finish` (nil when nothing needs a signature). The transactions stay in
    /// `unsigned` until then: the journal counts them.
    func startSigning(with signer: any PayloadSigner, helpers: Int) -> SignatureBatch? {
        guard !unsigned.isEmpty else { return nil }
        return SignatureBatch(Array(unsigned.values), signer: signer, helpers: helpers)
    }

    /// Threads besides the caller's for a batch of `count`: none for a small one (a thread
    /// hop costs more than a few signatures), one fewer than the cores for a large one.
    static func helpers(for count: Int) -> Int {
        count < 64 ? 0 : min(ProcessInfo.processInfo.activeProcessorCount, 8) - 1
    }

    /// IDs of the transactions this change signs, signed already or not yet.
    var signedTransactionIDs: Set<UInt64> { Set(signatures.keys).union(unsigned.keys) }
}

/// Transactions being signed: helper threads take them one at a time, and `finish` signs
/// whatever is left on the calling thread, so the caller can do other work meanwhile (the
/// ledger writes every other row of a clock advance while its renewals are signed).
final class SignatureBatch: Sendable {
    private let work: [Transaction]
    private let signer: any PayloadSigner
    private let next = Atomic<Int>(0)
    private let signed = Mutex<[UInt64: String]>([:])
    private let failure = Mutex<String?>(nil)
    private let helpersDone = DispatchGroup()

    init(_ work: [Transaction], signer: any PayloadSigner, helpers: Int) {
        self.work = work
        self.signer = signer
        for _ in 0..<max(0, helpers) {
            helpersDone.enter()
            DispatchQueue.global().async { [self] in
                signRemaining()
                helpersDone.leave()
            }
        }
    }

    /// Signs what is left, waits for the helpers, and returns every signature by ID.
    func finish() throws(StoreError) -> [UInt64: String] {
        signRemaining()
        helpersDone.wait()
        if let message = failure.withLock({ $0 }) { throw StoreError.backend(message) }
        return signed.withLock { $0 }
    }

    private func signRemaining() {
        var mine: [UInt64: String] = [:]
        while failure.withLock({ $0 == nil }) {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < work.count else { break }
            do {
                mine[work[index].id] = try signer.sign(work[index])
            } catch {
                failure.withLock { $0 = "could not sign transaction \(work[index].id): \(error)" }
            }
        }
        signed.withLock { $0.merge(mine) { $1 } }
    }
}
