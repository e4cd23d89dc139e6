import StoreCore

/// A preset clears every account's history before it builds its state, so on a store that
/// already holds transactions it is applied only when asked to replace them (`--force`): the
/// check `kiosk preset apply` and `kiosk --preset` share.
extension PresetRunner {
    /// Why a preset was not applied.
    public enum ReplacingError: Error, CustomStringConvertible {
        /// The store holds this many transactions and replacing them was not asked for.
        case holdsHistory(transactions: Int)
        /// Counting the store's transactions failed.
        case store(StoreError)
        /// A step of the preset failed.
        case preset(PresetError)

        public var description: String {
            switch self {
            case .holdsHistory(let count): "it holds \(count) transaction\(count == 1 ? "" : "s")"
            case .store(let error): "\(error)"
            case .preset(let error): "\(error)"
            }
        }
    }

    /// Applies the preset after checking that it replaces no history unless `force`.
    public func apply(to store: Backend, force: Bool, progress: Progress? = nil) async throws(ReplacingError)
    {
        if !force {
            let count: Int
            do {
                count = try await Self.transactionCount(store)
            } catch {
                throw .store(error)
            }
            if count > 0 { throw .holdsHistory(transactions: count) }
        }
        do {
            try await apply(to: store, progress: progress)
        } catch {
            throw .preset(error)
        }
    }

    /// How many transactions the store's accounts hold, the store left acting for the same account.
    public static func transactionCount(_ store: Backend) async throws(StoreError) -> Int {
        let current = try await store.currentAccount().name
        var count = 0
        for account in try await store.accounts() {
            try await store.switchAccount(to: account.name)
            count += try await store.transactionRecords().count
        }
        try await store.switchAccount(to: current)
        return count
    }
}
