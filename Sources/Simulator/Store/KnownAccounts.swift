import StoreCore

/// The names of accounts the store has found, so a server's connection threads can tell that
/// an account exists without a turn of the store (each route checks before it acts).
///
/// Accounts are never deleted one by one: only a reset (`wipe`) or a loaded save point
/// replaces them, and `StoreState` empties this set for both. A name not here is asked of
/// the store, which adds it when it exists.
final class KnownAccounts: Sendable {
    /// Names kept at most; past it the set starts over.
    static let capacity = 100_000

    private let names = ReadWriteLocked<Set<AccountName>>([])

    func contains(_ name: AccountName) -> Bool {
        names.read { $0.contains(name) }
    }

    /// Adds `name` if no reader holds the set at this instant (the store's thread does not
    /// wait to save a later turn).
    func insert(_ name: AccountName) {
        names.writeIfFree { names in
            if names.count >= Self.capacity { names = [] }
            names.insert(name)
        }
    }

    func clear() {
        names.write { $0 = [] }
    }
}
