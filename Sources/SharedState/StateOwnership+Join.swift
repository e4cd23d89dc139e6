import Foundation
import RemoteStore
import Simulator
import StoreCore

/// Own or join, as `kiosk` opens a state: the owner's store when this process takes the state,
/// else the owner's store over its socket, acting for the account asked for (created if missing,
/// as the owner's own store creates it), with who owns it in words short enough for a status line.
extension StateOwnership {
    /// The store a process uses on the state, and how it holds it.
    public enum Joined: Sendable {
        /// This process owns the state: its own store (also served to the others).
        case owner(SimulatedStore)
        /// Another process owns it: that store over the socket, and "shared · pid 4242 (paywall)".
        case client(RemoteStore, ownerName: String)

        public var store: any Store & StoreControl {
            switch self {
            case .owner(let store): store
            case .client(let store, _): store
            }
        }
    }

    /// Why joining failed; a failure of this process's own store opener is thrown as it is.
    public enum JoinError: Error, CustomStringConvertible {
        /// The state's files cannot be used (a directory in the way of the socket, ...).
        case state(SharedStateError)
        /// Another process owns the state, and using its store failed.
        case shared(directory: String, underlying: any Error)

        public var description: String {
            switch self {
            case .state(let error): "\(error)"
            case .shared(let directory, let error):
                "the store of \(directory) is shared, but using it failed: \(error)"
            }
        }
    }

    /// Attaches, then opens the store this process uses (see ``Joined``).
    public func join(account: AccountName?) async throws -> Joined {
        let role: Role
        do {
            role = try await attach()
        } catch let error as SharedStateError {
            throw JoinError.state(error)
        }
        switch role {
        case .owner(let store):
            return .owner(store)
        case .client:
            do {
                let store = try clientStore(account: account ?? SimulatedStore.defaultAccount)
                if let account { try await store.useAccount(account) }
                return .client(store, ownerName: Self.shortOwnerName(owner))
            } catch {
                throw JoinError.shared(directory: directory.path, underlying: error)
            }
        }
    }

    /// "shared · pid 4242 (paywall)": who owns the store, short enough for the status line.
    static func shortOwnerName(_ record: OwnerRecord?) -> String {
        guard let record else { return "shared" }
        let what = record.command.hasPrefix("kiosk ") ? String(record.command.dropFirst(6)) : record.command
        return "shared · pid \(record.pid) \(what.hasPrefix("(") ? what : "(\(what))")"
    }
}
