import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// A store backend the conformance suite runs against. The suite speaks only `Store` and
/// `StoreControl`, so every backend must pass it unchanged.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case simulator

    var testDescription: String { rawValue }

    /// A fresh store on the bundled demo catalog, its clock moving only when advanced, and
    /// the verifier that trusts its root.
    func make() throws -> (store: any Store & StoreControl, verifier: JWSVerifier) {
        switch self {
        case .simulator:
            let catalog = try LoadedCatalog.load(contentsOf: Demo.catalogPath)
            let authority = try CertificateAuthority.ephemeral()
            let store = try SimulatedStore(
                catalog: catalog, ledger: .memory, signer: try CoveringSigner(authority: authority),
                offerChecker: PromotionalOfferChecker(catalog: catalog), frozenClock: true)
            return (store, authority.verifier())
        }
    }
}

/// The bundled demo catalog's identifiers the suite uses.
enum Demo {
    static var catalogPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("catalogs/demo.storekit").path
    }

    static let group = "4A1D2E90"
    static let proMonthly = "com.kiosk.lumen.pro.monthly"
    static let proAnnual = "com.kiosk.lumen.pro.annual"
    static let plusMonthly = "com.kiosk.lumen.plus.monthly"
    static let ultimateMonthly = "com.kiosk.lumen.ultimate.monthly"
    static let lifetime = "com.kiosk.lumen.lifetime"
    static let filmPack = "com.kiosk.lumen.filmpack"
    static let credits = "com.kiosk.lumen.aicredits10"
}

/// The seed documents' `verified(_:)`: the payload when it verified, else the error.
func verified<Value>(_ check: VerificationResult<Value>) throws -> Value {
    try check.payloadValue
}

/// The seed documents' entitlement computation: verified, not revoked.
func entitledProducts(_ store: any Store) async throws -> Set<String> {
    var active: Set<String> = []
    for entry in try await store.currentEntitlements() {
        guard case .verified(let receipt, _) = entry, receipt.revocationDate == nil else { continue }
        active.insert(receipt.productID)
    }
    return active
}
