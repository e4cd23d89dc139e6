import Dispatch
import Foundation
import StoreCore
import Synchronization

extension Changeset {
    /// Signs every transaction the action changed. A clock advance renews thousands of
    /// subscriptions in one action and each needs a P-256 signature, the largest single cost,
    /// so large batches are split across the machine's cores; the signer is thread-safe.
    mutating func signPending(with signer: any PayloadSigner) throws(StoreError) {
        guard !unsigned.isEmpty else { return }
        let work = Array(unsigned.values)
        unsigned = [:]
        let lanes = work.count < 64 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8)
        let results = Mutex<[UInt64: String]>([:])
        let failure = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var signed: [UInt64: String] = [:]
            for index in stride(from: lane, to: work.count, by: lanes) {
                do {
                    signed[work[index].id] = try signer.sign(work[index])
                } catch {
                    failure.withLock { $0 = "could not sign transaction \(work[index].id): \(error)" }
                    return
                }
            }
            results.withLock { $0.merge(signed) { $1 } }
        }
        if let message = failure.withLock({ $0 }) { throw StoreError.backend(message) }
        signatures.merge(results.withLock { $0 }) { $1 }
    }
}
