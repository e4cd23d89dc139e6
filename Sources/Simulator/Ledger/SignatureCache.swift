/// The JWS of recently signed or read transactions. Reads of a transaction (a server's GET,
/// a paywall's reload) mostly ask for recent ones; the ledger keeps all of them on disk. The
/// cache holds at most `capacity` signatures (about 3 KB each) and starts over when full,
/// which is cheaper than tracking recency and keeps memory bounded. A reference: the store and
/// the readers it makes for a call (`StoreReader`) remember into the same cache.
final class SignatureCache {
    private var signatures: [UInt64: String] = [:]
    let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    subscript(id: UInt64) -> String? { signatures[id] }

    func remember(_ new: [UInt64: String]) {
        guard !new.isEmpty else { return }
        if signatures.count + new.count > capacity { signatures.removeAll(keepingCapacity: true) }
        guard new.count <= capacity else { return }
        signatures.merge(new) { $1 }
    }
}
