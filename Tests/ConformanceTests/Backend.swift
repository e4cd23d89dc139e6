import Catalog
import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
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
    /// the verifier that trusts its root. A remote backend's server is kept by `servers`,
    /// which stops it when the test ends.
    func make(_ servers: BackendServers) throws -> (store: any Store & StoreControl, verifier: JWSVerifier) {
        let catalog = try LoadedCatalog.load(contentsOf: Demo.catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        switch self {
        case .simulator:
            return (store, authority.verifier())
        case .remote:
            let (remote, server) = try Self.served(store, authority: authority)
            servers.keep(server)
            return (remote, authority.verifier())
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

/// The servers of one test's remote backends, stopped when the test ends: each suite holds
/// one, and Swift Testing makes a suite instance per test and lets it go when the test ends.
/// They used to live until the test process ended, an accept thread and a port each.
final class BackendServers: Sendable {
    private let servers = Mutex<[HTTPServer]>([])

    init() {}

    func keep(_ server: HTTPServer) { servers.withLock { $0.append(server) } }

    deinit {
        // Begun, not waited for: the test is over, and no request of its is left in flight.
        for server in servers.withLock({ $0 }) { server.shutdown(gracePeriod: 0) }
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
