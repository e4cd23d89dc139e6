import Catalog
import Foundation
import QAReports
import Signing
import Simulator
import StoreCore
import TestSupport
import Testing

/// `kiosk verify`'s findings: the payload and a verdict for the JWS and what it carries signed.
@Suite struct SignedValueCheckTests {
    @Test func aTransactionVerifiesUnderItsRootAndNotUnderAnother() async throws {
        let authority = try CertificateAuthority.ephemeral()
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        guard case .success(let result) = try await store.purchase("com.kiosk.lumen.filmpack") else {
            Issue.record("the purchase did not succeed")
            return
        }
        let jws = result.jwsRepresentation
        let good = try SignedValueCheck(jws, root: authority.root)
        #expect(good.verified && good.verdicts.map(\.what) == ["JWS"])
        #expect(good.payload.contains("com.kiosk.lumen.filmpack"))
        let other = try SignedValueCheck(jws, root: try CertificateAuthority.ephemeral().root)
        #expect(!other.verified && other.verdicts.first?.error != nil)
        #expect(throws: SigningError.self) { try SignedValueCheck("not a jws", root: authority.root) }
    }
}
