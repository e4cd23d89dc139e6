import Catalog
import Foundation
import HTTP
import Paywall
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import TerminalUI
import Testing

/// What the paywall costs a server: every HTTP request a purchase causes is counted, with the
/// paywall's effects run against a `RemoteStore` as the app runs them.
@Suite struct PaywallRequestCountTests {
    final class Counter: Sendable {
        let requests = Mutex<[String]>([])
    }

    @Test func aPurchaseCostsFourRequestsAndTheReloadIsOne() async throws {
        let catalog = try LoadedCatalog.load(
            contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        let token = ServerToken.generate()
        let server = StoreServer(store: store, token: token, rootCertificate: authority.root)
        let counter = Counter()
        let http = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            counter.requests.withLock { $0.append("\(request.method) \(request.path)") }
            return await server.handle(request)
        }
        http.start()
        defer { http.shutdown() }
        let remote = try RemoteStore(
            url: URL(string: "http://127.0.0.1:\(http.port)")!, token: token, account: "tester",
            root: authority.root)

        let inbox = Inbox()
        var state = AppState(
            content: PaywallContent(leadingGroupID: catalog.leadingGroupID),
            size: .init(columns: 100, rows: 30))
        func send(_ event: Event) async {
            var effects = PaywallProgram.update(&state, event)
            while !effects.isEmpty {
                for effect in effects {
                    await EffectRunner.carryOut(
                        effect, store: remote, inbox: inbox, groupID: catalog.leadingGroupID)
                }
                effects = []
                for next in inbox.drain() { effects += PaywallProgram.update(&state, next) }
            }
        }
        await send(.loaded(try await EffectRunner.snapshot(remote, groupID: catalog.leadingGroupID)))
        #expect(counter.requests.withLock { $0 } == ["GET /v1/control/accounts/tester/snapshot"])
        counter.requests.withLock { $0 = [] }
        // Pick the first plan and buy it: the payment sheet, the purchase, finish, one reload.
        await send(.key(.enter))
        await send(.key(.enter))
        let requests = counter.requests.withLock { $0 }
        #expect(!state.store.entitlements.isEmpty, "the purchase went through: \(state.notices.map(\.text))")
        #expect(
            requests.map { $0.split(separator: "/").last.map(String.init) ?? $0 } == [
                "payment-sheet", "purchases", "finish", "snapshot",
            ], "\(requests)")
    }
}
