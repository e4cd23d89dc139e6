import Catalog
import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import Testing

/// A signed introductory-offer eligibility travels like a signed promotional offer: through
/// `RemoteStore`, the wire's purchase options and `kiosk serve` to the store that checks it.
/// The server's store honours it, and refuses a wrong one with Apple's error; its journal names
/// the claim at fault.
@Suite struct SignedEligibilityOverTheWireTests {
    let servers = BackendServers()

    @Test(arguments: Backend.allCases)
    func theStoreHonoursOrRefusesTheServersWord(_ backend: Backend) async throws {
        let key = try ECPrivateKey.generate(.p256)
        let catalog = try LoadedCatalog.load(contentsOf: Demo.catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        let simulator = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true,
            offers: .checker(
                PromotionalOfferChecker(verifier: PromotionalOfferVerifier(keys: ["KEY1": key.publicKey]))))
        let store: any Store
        switch backend {
        case .simulator: store = simulator
        case .remote:
            let (remote, server) = try Backend.served(simulator, authority: authority)
            servers.keep(server)
            store = remote
        }
        let app = try await store.appTransaction().unsafePayloadValue
        let now = try await simulator.now()
        func eligibility(allow: Bool, product: String) throws -> PurchaseOption {
            let message = IntroductoryOfferEligibilityMessage(
                bundleID: app.bundleID, productID: product, allowIntroductoryOffer: allow,
                transactionID: app.appTransactionID)
            return .signedIntroductoryOfferEligibility(
                compactJWS: try message.jws(key: key, keyID: "KEY1", issuerID: "issuer", issuedAt: now))
        }
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(
                Demo.proMonthly, options: [try eligibility(allow: false, product: Demo.proAnnual)])
        }
        let refusal = try #require(try await simulator.journal().last)
        #expect(refusal.result.contains("productId '\(Demo.proAnnual)' is not the product being bought"))
        let result = try await store.purchase(
            Demo.proMonthly, options: [try eligibility(allow: false, product: Demo.proMonthly)])
        guard case .success(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(try verified(transaction).offer == nil)
    }
}
