import Foundation
import Synchronization

/// Remembers which (leaf, intermediate) pairs verified against the trusted roots, so the steady
/// state of verification costs one P-256 signature check instead of a strict chain build with
/// two P-384 checks.
///
/// Entries are keyed by the certificates' DER bytes and keep the validity window of the chain:
/// a JWS whose check date falls outside it misses and gets the full check (and its precise error).
final class ChainCache: Sendable {
    struct Key: Hashable, Sendable {
        var leaf: [UInt8]
        var intermediate: [UInt8]
    }

    private let entries = Mutex<[Key: ChainValidator.Verdict]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The cached verdict when it covers `date`.
    func verdict(for key: Key, at date: Date) -> ChainValidator.Verdict? {
        entries.withLock { entries in
            guard let verdict = entries[key], verdict.validFrom <= date, date <= verdict.validUntil else {
                return nil
            }
            return verdict
        }
    }

    func insert(_ verdict: ChainValidator.Verdict, for key: Key) {
        entries.withLock { entries in
            // A local CA has a handful of leaves; when a flood of distinct chains arrives,
            // dropping an arbitrary entry keeps memory bounded without bookkeeping.
            if entries.count >= capacity, entries[key] == nil, let victim = entries.keys.first {
                entries.removeValue(forKey: victim)
            }
            entries[key] = verdict
        }
    }

    var count: Int { entries.withLock { $0.count } }
}
