import Catalog
import Foundation
import Signing
import Simulator
import StoreCore

/// The one way to open the store of a state directory, for `kiosk` and KioskStoreKit alike: the
/// CLI's stricter behaviour, now both's (docs/architecture.md, "One store per state directory").
extension StateDirectory {
    /// Why a state directory's store did not open, in words naming the path.
    public enum OpeningError: Error, CustomStringConvertible {
        /// The ledger is gone or empty under an authority that signed: refused, with how to recover.
        case damaged(StateDirectoryError)
        /// The directory or its authority cannot be used (`path`, then why).
        case unusable(path: String, reason: String)
        /// The store itself did not open (the ledger, the first commit, the signer).
        case store(SimulatedStore.OpeningError)

        public var description: String {
            switch self {
            case .damaged(let error): "\(error)"
            case .unusable(let path, let reason): "cannot use the state directory \(path): \(reason)"
            case .store(let error): "\(error)"
            }
        }
    }

    /// Opens this process's own store on the directory: refuses a damaged one (or, when
    /// `resettingDamage`, moves its ledger and authority aside), creates it (mode 0700, secrets
    /// tightened), opens its ledger and authority with `SimulatedStore.openSigned`, and records
    /// that the authority now signs for that ledger. `warn` hears what was tightened or moved.
    public func openStore(
        catalog: LoadedCatalog, identity: AppIdentity? = nil, account: AccountName? = nil,
        frozenClock: Bool = false, execution: StoreExecution = .ownThread, resettingDamage: Bool = false,
        warn: (String) -> Void
    ) throws(OpeningError) -> SimulatedStore.Opened {
        do {
            try checkHealth(resetting: resettingDamage, warn: warn)
        } catch {
            throw .damaged(error)
        }
        let directory: URL
        do {
            directory = try create(warn: warn)
        } catch {
            throw .unusable(path: url.path, reason: "\(error)")
        }
        do throws(SimulatedStore.OpeningError) {
            let opened = try SimulatedStore.openSigned(
                catalog: catalog, location: .directory(directory), identity: identity, account: account,
                frozenClock: frozenClock, execution: execution)
            markLedgerInUse()
            return opened
        } catch .authority(let error) {
            throw .unusable(path: url.path, reason: "\(error)")
        } catch {
            throw .store(error)
        }
    }

    /// Own or join: the ownership of the directory (created if missing, as `create` does), which
    /// opens this process's own store with `openStore` only when it takes the state; otherwise
    /// this process becomes the owner's client (`StateOwnership.attach`).
    /// - Parameters:
    ///   - command: what this process is, for the others' messages ("kiosk store").
    ///   - openStore: opens the owner's store (usually ``openStore(catalog:identity:account:frozenClock:execution:resettingDamage:warn:)``).
    public func ownership(
        command: String, warn: (String) -> Void,
        openStore: @escaping @Sendable () throws -> SimulatedStore.Opened
    ) throws(OpeningError) -> StateOwnership {
        let directory: URL
        do {
            directory = try create(warn: warn)
        } catch {
            throw .unusable(path: url.path, reason: "\(error)")
        }
        return StateOwnership(directory: directory, command: command) {
            let opened = try openStore()
            return (opened.store, opened.authority.root)
        }
    }
}
