import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreServer

/// The signatures one purchase + finish makes, counted, not assumed: the serve benchmark's
/// requests handed to an in-process `StoreServer` (its `handle`, the whole server as a
/// function) over an in-memory store like `kiosk serve --ephemeral`'s, whose signer counts.
/// With no webhook configured (as the benchmark serves), notifications wait unsigned in the
/// outbox until someone reads them, so they are not part of a pair's cost.
enum PurchaseSignatures {
    static let token = "kiosk-bench-signature-count"
    /// How many pairs are counted (the figure is their mean).
    static let pairs = 16

    /// Signatures per pair over ``pairs`` purchase + finish pairs of `productID`.
    static func count(productID: String) async throws -> (
        perPair: Double, counts: CountingSigner.Counts
    ) {
        let catalog = try LoadedCatalog.load(
            contentsOf: ReviewBenchmark.root.appendingPathComponent(
                "catalogs/demo.storekit"
            ).path)
        let authority = try CertificateAuthority.ephemeral()
        let signer = CountingSigner(try CoveringSigner(authority: authority))
        let store = try SimulatedStore(catalog: catalog, ledger: .memory, signer: signer)
        let server = StoreServer(store: store, token: token, rootCertificate: authority.root)
        let headers: HTTPHeaders = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        for _ in 0..<pairs {
            let bought = await server.handle(
                HTTPRequest(
                    method: "POST", target: "/v1/accounts/tester/purchases", headers: headers,
                    body: Array(#"{"productID":"\#(productID)"}"#.utf8)))
            guard bought.status == 200, let id = Probe.transactionID(in: bought.bodyBytes) else {
                throw BenchmarkFailure("the counted purchase answered \(bought.status)")
            }
            let finished = await server.handle(
                HTTPRequest(
                    method: "POST", target: "/v1/accounts/tester/transactions/\(id)/finish", headers: headers)
            )
            guard (200..<300).contains(finished.status) else {
                throw BenchmarkFailure("the counted finish of \(id) answered \(finished.status)")
            }
        }
        let counts = signer.current
        return (Double(counts.total) / Double(pairs), counts)
    }
}
