import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// Apple's Python `AppStoreServerAPIClient` calls every Retention Messaging method against a
/// real server, bad input included; the performance test it starts runs against the example
/// endpoint (Examples/RetentionEndpoint), where Apple's `SignedDataVerifier` decodes every
/// real-time request Kiosk signs.
@Suite struct RetentionMessagingInteropTests {
    @Test func applesClientManagesMessagesAndApplesVerifierDecodesEveryRequest() async throws {
        let fixture = try await APIFixture()
        let store = fixture.store
        guard case .success(let subscribed) = try await store.purchase("com.kiosk.lumen.pro.monthly"),
            case .success(let consumed) = try await store.purchase("com.kiosk.lumen.aicredits10")
        else {
            Issue.record("the purchases did not succeed")
            return
        }
        let identity = await store.identity
        let keyPath = fixture.directory.appendingPathComponent("AuthKey.p8").path
        try fixture.key.writeP8(to: keyPath)
        let rootPath = fixture.directory.appendingPathComponent("root.der").path
        try Data(fixture.authority.root.derRepresentation).write(to: URL(fileURLWithPath: rootPath))
        let base = "http://127.0.0.1:\(fixture.http.port)"
        let config: [String: Any] = [
            "url": base, "key": keyPath, "keyID": fixture.keyID, "issuer": fixture.issuer,
            "bundleID": identity.bundleID, "appAppleID": identity.appAppleID, "root": rootPath,
            "examples": Interop.packageRoot + "/Examples/RetentionEndpoint",
            "product": "com.kiosk.lumen.pro.monthly", "consumableProduct": "com.kiosk.lumen.aicredits10",
            "subscription": String(try subscribed.payloadValue.originalID),
            "consumable": String(try consumed.payloadValue.id),
            "approve": base + "/v1/control/retention", "controlToken": fixture.controlToken,
        ]
        let configPath = fixture.directory.appendingPathComponent("config.json").path
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        let output = try await Interop.run("retention_client_interop.py", [configPath])
        // What Apple's client left is in the ledger, journaled.
        let messages = try await store.retentionMessages()
        let journal = try await store.journal(JournalFilter())
        await fixture.stop()
        #expect(output.contains("errors ok"), "\(output)")
        #expect(output.contains("verify_and_decode_realtime_request ok"))
        #expect(messages.count == 1 && messages.first?.state == .approved)
        #expect(journal.contains { $0.action.hasPrefix("Uploading retention message") })
        #expect(
            journal.contains { $0.action.hasPrefix("Reviewing retention message") && $0.result == "APPROVED" }
        )
    }
}
