import Foundation
import Synchronization

/// Remembers which (leaf, intermediate) pairs verified against the trusted roots, so the steady
/// state of verification costs one P-256 signature check instead of a strict chain build with
/// two P-384 checks.
///
/// Entries are keyed by the certificates' DER bytes and keep the validity window of the chain:
/// a JWS whose check date falls outside it misses and gets the full check (and its precise
/// error). A second map remembers which header segments (base64url text, as sent) carried
/// which pair, so a JWS with a header seen before skips decoding the header and its
/// certificates; only headers that passed every header check are remembered.
final class ChainCache: Sendable {
    struct Key: Hashable, Sendable {
        var leaf: [UInt8]
        var intermediate: [UInt8]

        /// Hashes the bytes in bulk: the synthesized hash feeds a Hasher one byte at a time,
        /// which showed up in verification profiles.
        func hash(into hasher: inout Hasher) {
            leaf.withUnsafeBytes { hasher.combine(bytes: $0) }
            intermediate.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// A header segment's UTF-8, hashed in bulk (String hashing goes scalar by scalar).
    private struct HeaderKey: Hashable {
        var bytes: [UInt8]

        init(_ header: Substring) {
            bytes = Array(header.utf8)
        }

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private struct State {
        var verdicts: [Key: ChainValidator.Verdict] = [:]
        var headers: [HeaderKey: Key] = [:]
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The cached verdict when it covers `date`.
    func verdict(for key: Key, at date: Date) -> ChainValidator.Verdict? {
        state.withLock { Self.covering($0.verdicts[key], date) }
    }

    /// The cached verdict of the chain a header seen before carried, when it covers `date`.
    func verdict(forHeader header: Substring, at date: Date) -> ChainValidator.Verdict? {
        let header = HeaderKey(header)
        return state.withLock { state in
            guard let key = state.headers[header] else { return nil }
            return Self.covering(state.verdicts[key], date)
        }
    }

    func insert(_ verdict: ChainValidator.Verdict, for key: Key) {
        state.withLock { state in
            Self.makeRoom(in: &state.verdicts, for: key, capacity: capacity)
            state.verdicts[key] = verdict
        }
    }

    func remember(header: Substring, for key: Key) {
        let header = HeaderKey(header)
        state.withLock { state in
            Self.makeRoom(in: &state.headers, for: header, capacity: capacity)
            state.headers[header] = key
        }
    }

    var count: Int { state.withLock { $0.verdicts.count } }

    private static func covering(_ verdict: ChainValidator.Verdict?, _ date: Date) -> ChainValidator.Verdict?
    {
        guard let verdict, verdict.validFrom <= date, date <= verdict.validUntil else { return nil }
        return verdict
    }

    /// A local CA has a handful of leaves; when a flood of distinct chains arrives, dropping an
    /// arbitrary entry keeps memory bounded without bookkeeping.
    private static func makeRoom<K, V>(in map: inout [K: V], for key: K, capacity: Int) {
        if map.count >= capacity, map[key] == nil, let victim = map.keys.first {
            map.removeValue(forKey: victim)
        }
    }
}
