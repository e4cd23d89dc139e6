import Foundation
import Signing
import StoreCore

/// What `SimulatedStore.open` takes and gives back: where a store lives, whose offer signatures
/// it trusts, why it did not open, and the store with its authority. Declared here, nested in
/// `SimulatedStore` so callers keep writing `SimulatedStore.Location`, apart from the actor's
/// own files: they are values, not the actor's sequencing.
extension SimulatedStore {
    /// Where a store's ledger lives and which authority signs its payloads.
    public enum Location: Sendable {
        /// In memory only: nothing survives the process. Signed by `authority` (an ephemeral one,
        /// or one shared by a run's many stores: making an authority costs more than a rehearsal).
        case memory(signedBy: CertificateAuthority)
        /// A state directory: `ledger.sqlite` in it, signed by `authority`, or when nil by the
        /// authority in its `ca/` (created if missing; `StateDirectoryLayout` names both).
        case directory(URL, signedBy: CertificateAuthority? = nil)

        /// An in-memory store with an authority of its own, made now.
        public static func ephemeral() throws(OpeningError) -> Location {
            do throws(SigningError) {
                return .memory(signedBy: try CertificateAuthority.ephemeral())
            } catch {
                throw .authority(error)
            }
        }
    }

    /// Whose signatures a store's offers are checked against.
    public enum OfferTrust: Sendable {
        /// The catalog's `subscriptionOffersKeyPair`, as Xcode's StoreKit testing trusts it.
        case catalogKey
        /// No key: every signed offer and eligibility token is refused (a store that never sees
        /// one, such as the review's, skips reading the key and warning about a bad one per screen).
        case none
        /// A checker of the caller's (a test's own key, or one that accepts every signature).
        case checker(any OfferSignatureChecking)
    }

    /// Why a store did not open, with the underlying error's own words.
    public enum OpeningError: Error, CustomStringConvertible {
        /// The state directory's certificate authority could not be opened or created.
        case authority(SigningError)
        /// The authority opened but cannot sign (its leaf or key is unusable).
        case signer(SigningError)
        /// The ledger could not be opened, or the store's first commit failed.
        case store(StoreError)

        public var description: String {
            switch self {
            case .authority(let error), .signer(let error): "\(error)"
            case .store(let error): "\(error)"
            }
        }
    }

    /// A store and the authority that signs for it (a server and a state's owner serve its root).
    public struct Opened: Sendable {
        public let store: SimulatedStore
        public let authority: CertificateAuthority

        public init(store: SimulatedStore, authority: CertificateAuthority) {
            self.store = store
            self.authority = authority
        }
    }
}
