import Catalog
import Foundation
import Signing
import StoreCore

/// The one way to open a simulator store: a catalog, where its ledger lives and the authority
/// that signs for it, the `CoveringSigner` over that authority and the `PromotionalOfferChecker`
/// of the catalog's offer key. The CLI, KioskStoreKit, rehearsals, shots, the review, the
/// benchmarks, the storm and the tests all open their stores here, so a new piece of a store is
/// added in one place and no caller forgets one (a store without the offer checker refuses every
/// signed offer).
extension SimulatedStore {
    /// Opens (or creates) the store of `catalog` at `location`.
    /// - Parameters:
    ///   - identity: what signed payloads carry (bundle ID, app Apple ID, environment); nil keeps
    ///     what the ledger recorded (a new one: `AppIdentity()`).
    ///   - account: the account to act for; created when missing (default: `tester`).
    ///   - frozenClock: time moves only when advanced (tests and scripts).
    ///   - execution: where the store's work runs (`.callerThreads` for one caller at a time).
    ///   - offers: whose offer signatures are trusted (default: the catalog's key).
    ///   - notificationSeed: makes notification IDs repeatable (rehearsals).
    ///   - wallClock: the wall clock (a fixed one for pictures and rehearsals).
    /// - Throws: ``OpeningError`` saying which piece failed.
    public static func open(
        catalog: LoadedCatalog, location: Location, identity: AppIdentity? = nil,
        account: AccountName? = nil, frozenClock: Bool = false, execution: StoreExecution = .ownThread,
        offers: OfferTrust = .catalogKey, notificationSeed: UInt64? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws(OpeningError) -> SimulatedStore {
        try openSigned(
            catalog: catalog, location: location, identity: identity, account: account,
            frozenClock: frozenClock, execution: execution, offers: offers,
            notificationSeed: notificationSeed, wallClock: wallClock
        ).store
    }

    /// ``open(catalog:location:identity:account:frozenClock:execution:offers:notificationSeed:wallClock:)``,
    /// with the authority it opened.
    public static func openSigned(
        catalog: LoadedCatalog, location: Location, identity: AppIdentity? = nil,
        account: AccountName? = nil, frozenClock: Bool = false, execution: StoreExecution = .ownThread,
        offers: OfferTrust = .catalogKey, notificationSeed: UInt64? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws(OpeningError) -> Opened {
        let (authority, ledger) = try resolve(location)
        let signer: CoveringSigner
        do throws(SigningError) {
            signer = try CoveringSigner(authority: authority)
        } catch {
            throw .signer(error)
        }
        let checker: (any OfferSignatureChecking)? =
            switch offers {
            case .catalogKey: PromotionalOfferChecker(catalog: catalog)
            case .none: nil
            case .checker(let checker): checker
            }
        do throws(StoreError) {
            let store = try SimulatedStore(
                catalog: catalog, ledger: ledger, signer: signer, offerChecker: checker, identity: identity,
                account: account, frozenClock: frozenClock, execution: execution,
                notificationSeed: notificationSeed, wallClock: wallClock)
            return Opened(store: store, authority: authority)
        } catch {
            throw .store(error)
        }
    }

    /// The authority and ledger a location names, opening a state directory's authority.
    private static func resolve(_ location: Location) throws(OpeningError) -> (
        CertificateAuthority, LedgerLocation
    ) {
        switch location {
        case .memory(let authority):
            return (authority, .memory)
        case .directory(let url, let authority?):
            return (authority, .directory(url))
        case .directory(let url, nil):
            do throws(SigningError) {
                let authority = try CertificateAuthority.open(
                    directory: StateDirectoryLayout(url).authority.path)
                return (authority, .directory(url))
            } catch {
                throw .authority(error)
            }
        }
    }
}
