import Foundation
import StoreCore

extension AccountRecord {
    /// A new account's record, made at `date` (store time).
    static func new(_ account: StoreAccount, at date: Date) -> AccountRecord {
        AccountRecord(
            account: account,
            appTransactionID: appTransactionID(name: account.name.rawValue, createdAt: date),
            createdAt: date)
    }

    /// An account's app transaction ID, in Apple's range and derived from its name and the
    /// store time it was made (FNV-1a), not drawn at random: the same script on a frozen clock
    /// gives the same IDs every run (rehearsals compare their output byte for byte).
    static func appTransactionID(name: String, createdAt date: Date) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(name)|\(Int64(saturating: date.timeIntervalSince1970 * 1000))".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(700_000_000_000_000_000 + hash % 100_000_000_000_000_000)
    }
}

extension StoreMeta {
    /// A catalog's simulated failures as the meta row keeps them: each API's code.
    static func codes(_ failures: [FailableAPI: SimulatedFailure]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: failures.map { ($0.key.key, $0.value.code) })
    }
}
