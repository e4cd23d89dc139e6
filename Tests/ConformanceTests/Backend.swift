import Catalog
import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// A store backend the conformance suite runs against. The suite speaks only `Store` and
/// `StoreControl`, so every backend must pass it unchanged.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case simulator
    /// A real `kiosk serve` server in-process on 127.0.0.1 and a free port, with a fresh
    /// store, and a `RemoteStore` client verifying against the server's root.
    case remote

    var testDescription: String { rawValue }

    /// A fresh store on the bundled demo catalog, its clock moving only when advanced, and
    /// the verifier that trusts its root.
    func make() throws -> (store: any Store & StoreControl, verifier: JWSVerifier) {
        let catalog = try LoadedCatalog.load(contentsOf: Demo.catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore(
            catalog: catalog, ledger: .memory, signer: try CoveringSigner(authority: authority),
            offerChecker: PromotionalOfferChecker(catalog: catalog), frozenClock: true)
        switch self {
        case .simulator:
            return (store, authority.verifier())
        case .remote:
            // The server lives until the test process ends: the suite has no teardown hook,
            // and one idle accept thread per test is cheap.
            return (try Self.served(store, authority: authority).remote, authority.verifier())
        }
    }

    /// `store` served in-process on 127.0.0.1 and a free port, and a `RemoteStore` client of it.
    static func served(_ store: SimulatedStore, authority: CertificateAuthority) throws -> (
        remote: RemoteStore, server: HTTPServer
    ) {
        let token = ServerToken.generate()
        let server = try StoreServer(store: store, token: token, rootCertificate: authority.root)
            .serve(HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        let remote = try RemoteStore(
            url: URL(string: "http://127.0.0.1:\(server.port)")!, token: token,
            account: SimulatedStore.defaultAccount, root: authority.root)
        return (remote, server)
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
    static let ultimateAnnual = "com.kiosk.lumen.ultimate.annual"
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
