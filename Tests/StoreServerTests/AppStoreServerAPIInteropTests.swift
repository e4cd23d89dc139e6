import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// Apple's Python `AppStoreServerAPIClient`, pointed at a real server, calls every endpoint,
/// and Apple's `SignedDataVerifier` verifies every signed value it gets back.
@Suite struct AppStoreServerAPIInteropTests {
    @Test func applesClientCallsEveryEndpointAndVerifiesEverySignedValue() async throws {
        let fixture = try await APIFixture()
        let store = fixture.store
        guard case .success(let subscribed) = try await store.purchase("com.kiosk.lumen.pro.monthly"),
            case .success(let consumed) = try await store.purchase("com.kiosk.lumen.aicredits10"),
            case .success(let lifetime) = try await store.purchase("com.kiosk.lumen.lifetime")
        else {
            Issue.record("the purchases did not succeed")
            return
        }
        let consumable = try consumed.payloadValue.id
        let refunded = try lifetime.payloadValue.id
        try await store.refund(refunded, reason: Transaction.RevocationReason(rawValue: 0)!)
        let identity = await store.identity
        let keyPath = fixture.directory.appendingPathComponent("AuthKey.p8").path
        try fixture.key.writeP8(to: keyPath)
        let rootPath = fixture.directory.appendingPathComponent("root.der").path
        try Data(fixture.authority.root.derRepresentation).write(to: URL(fileURLWithPath: rootPath))
        let config: [String: Any] = [
            "url": "http://127.0.0.1:\(fixture.http.port)", "key": keyPath, "keyID": fixture.keyID,
            "issuer": fixture.issuer, "bundleID": identity.bundleID, "appAppleID": identity.appAppleID,
            "root": rootPath, "subscription": try subscribed.payloadValue.id, "consumable": consumable,
            "refunded": refunded, "product": "com.kiosk.lumen.pro.monthly",
            "order": AppStoreServerAPI.orderID(of: consumable),
        ]
        let configPath = fixture.directory.appendingPathComponent("config.json").path
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        let output = try await Interop.run("api_client_interop.py", [configPath])
        await fixture.stop()
        #expect(output.contains("errors ok"))
        #expect(output.contains("verified"))
    }
}
