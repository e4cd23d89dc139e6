import Foundation
import Signing
import Simulator
import StoreCore
import Synchronization

/// A `PayloadSigner` that counts the signatures it makes, by kind, and passes each to the real
/// signer: the benchmarks count what an operation signs rather than assume it, so the floor
/// they report beside a measured rate follows the code when the code changes.
final class CountingSigner: PayloadSigner, Sendable {
    /// Signatures made so far, by what was signed.
    struct Counts: Sendable {
        var transactions = 0
        var renewalInfos = 0
        var appTransactions = 0
        var notifications = 0

        var total: Int { transactions + renewalInfos + appTransactions + notifications }

        /// "1 transaction, 0 renewal info, 0 notification": what one operation signed.
        func described(per operations: Int) -> String {
            let share = { (count: Int) in BenchmarkResult.format(Double(count) / Double(max(operations, 1))) }
            return "\(share(transactions)) transaction, \(share(renewalInfos)) renewal info, "
                + "\(share(notifications)) notification"
        }

        static func - (later: Counts, earlier: Counts) -> Counts {
            Counts(
                transactions: later.transactions - earlier.transactions,
                renewalInfos: later.renewalInfos - earlier.renewalInfos,
                appTransactions: later.appTransactions - earlier.appTransactions,
                notifications: later.notifications - earlier.notifications)
        }
    }

    private let signer: any PayloadSigner
    private let counts = Mutex(Counts())

    init(_ signer: any PayloadSigner) { self.signer = signer }

    var current: Counts { counts.withLock { $0 } }

    var latestSigningDate: Date { signer.latestSigningDate }

    func sign(_ transaction: Transaction) throws -> String {
        counts.withLock { $0.transactions += 1 }
        return try signer.sign(transaction)
    }

    func sign(_ renewalInfo: RenewalInfo) throws -> String {
        counts.withLock { $0.renewalInfos += 1 }
        return try signer.sign(renewalInfo)
    }

    func sign(_ appTransaction: AppTransaction) throws -> String {
        counts.withLock { $0.appTransactions += 1 }
        return try signer.sign(appTransaction)
    }

    func sign(_ notification: NotificationPayload) throws -> String {
        counts.withLock { $0.notifications += 1 }
        return try signer.sign(notification)
    }
}
