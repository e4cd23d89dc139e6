import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import Testing

/// A customer's history exported from one Kiosk server with Apple's own client, imported into
/// a new state (`kiosk state import-history`), and exported again from a server on that state:
/// every field Apple's verifier decodes matches, transaction by transaction and renewal by renewal.
@Suite struct HistoryImportRoundTripTests {
    let day: TimeInterval = 86_400

    @Test func aHistoryExportedThroughApplesClientComesBackFieldForField() async throws {
        let source = try await APIFixture()
        let store = source.store
        let now = try await store.now()
        // Three months of renewals, then a renewal that fails into its grace period; a
        // consumable; a refunded non-consumable.
        guard
            case .success(let subscribed) = try await store.purchase(
                "com.kiosk.lumen.pro.monthly",
                options: [.purchaseDate(now.addingTimeInterval(-95 * day), renewalBehavior: .renewUntilNow)]),
            case .success = try await store.purchase("com.kiosk.lumen.aicredits10"),
            case .success(let lifetime) = try await store.purchase("com.kiosk.lumen.lifetime")
        else {
            Issue.record("the purchases did not succeed")
            return
        }
        try await store.refund(
            try lifetime.payloadValue.id, reason: Transaction.RevocationReason(rawValue: 0)!)
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        _ = try await store.advanceClock(periods: 1, groupID: "4A1D2E90")
        let original = try subscribed.payloadValue.originalID
        let exported = try await export(from: source, transaction: original, name: "source")
        let root = source.authority.root
        await source.stop()

        let target = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kiosk-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let history = try CustomerHistory.read(
            files: ["history-1.json", "statuses.json", "info.json"].map {
                exported.appendingPathComponent($0)
            },
            verifier: JWSVerifier(trustedRoots: [root]))
        let result = try HistoryImport.writeSavePoint(
            history, catalog: try APIFixture.catalog(), catalogName: "demo", account: nil, at: nil,
            state: target,
            savePoint: SavePoints.url(named: "ticket", in: target))
        #expect(result.transactions == history.transactions.count)
        #expect(result.subscriptions == 1)
        let imported = try await APIFixture(reopening: target)
        _ = try await imported.store.perform(.loadState(name: "ticket"))
        let status = try await imported.store.acting(for: result.account).subscriptionStatuses(
            for: "4A1D2E90")
        #expect(status.map(\.state) == [.inGracePeriod])
        let again = try await export(from: imported, transaction: original, name: "imported")
        await imported.stop()

        let before = try fields(in: exported)
        let after = try fields(in: again)
        #expect(before.keys.sorted() == after.keys.sorted())
        #expect(before.count == history.transactions.count + 1)
        for key in before.keys.sorted() {
            #expect(before[key] == after[key], "\(key) differs after the import")
        }
    }

    /// Apple's client against `fixture`: the JSON bodies and the decoded fields, in a new folder.
    private func export(from fixture: APIFixture, transaction: UInt64, name: String) async throws -> URL {
        let folder = fixture.directory.deletingLastPathComponent().appendingPathComponent(
            "kiosk-export-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keyPath = folder.appendingPathComponent("AuthKey.p8").path
        try fixture.key.writeP8(to: keyPath)
        let rootPath = folder.appendingPathComponent("root.der").path
        try Data(fixture.authority.root.derRepresentation).write(to: URL(fileURLWithPath: rootPath))
        let identity = await fixture.store.identity
        let config: [String: Any] = [
            "url": "http://127.0.0.1:\(fixture.http.port)", "key": keyPath, "keyID": fixture.keyID,
            "issuer": fixture.issuer, "bundleID": identity.bundleID, "appAppleID": identity.appAppleID,
            "root": rootPath, "transaction": transaction,
        ]
        let configPath = folder.appendingPathComponent("config.json").path
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        let output = try await Interop.run("history_export.py", [configPath, folder.path])
        #expect(output.contains("exported"))
        return folder
    }

    /// fields.json, each value as canonical JSON text (so two exports compare as strings).
    private func fields(in folder: URL) throws -> [String: String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("fields.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try object.mapValues { value in
            String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
                as: UTF8.self)
        }
    }
}
