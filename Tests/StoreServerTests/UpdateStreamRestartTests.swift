import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing
import WireProtocol

/// The update log lives in the ledger: a stream resumes with `Last-Event-ID` on the next
/// server over the same state, and what happened while it was away (a refund that revokes)
/// reaches it, once.
@Suite struct UpdateStreamRestartTests {
    struct Server {
        let store: SimulatedStore
        let http: HTTPServer
        let token: String

        init(directory: URL, token: String) async throws {
            let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("catalogs/demo.storekit").path
            let opened = try SimulatedStore.openSigned(
                catalog: try LoadedCatalog.load(contentsOf: catalogPath), location: .directory(directory),
                frozenClock: true)
            store = opened.store
            let server = StoreServer(store: store, token: token, rootCertificate: opened.authority.root)
            http = try await server.listen(HTTPServerConfiguration(port: 0))
            self.token = token
        }

        func updates(after lastEventID: String?) async throws -> AsyncThrowingStream<
            ServerSentEvent, any Error
        > {
            try await updateStream(port: http.port, token: token, after: lastEventID)
        }
    }

    @Test func aStreamResumesAcrossARestartAndGetsTheRefundItMissed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = ServerToken.generate()
        var lastSeen: String?
        let bought: UInt64
        do {
            let first = try await Server(directory: directory, token: token)
            let stream = try await first.updates(after: nil)
            #expect(try await next(1, of: stream).map(\.event) == ["ready"])
            bought = try await first.store.acting(for: "tester").buyOffDevice(
                "com.kiosk.lumen.filmpack", options: []
            ).id
            let live = try await next(1, of: stream)
            #expect(try live.map(transactionID) == [bought])
            lastSeen = live.last?.id
            await first.http.stop()
        }
        // The server is gone; the next one, on the same state, refunds while the client is away.
        let second = try await Server(directory: directory, token: token)
        try await second.store.acting(for: "tester").refund(bought, reason: .other)
        let later = try await second.store.acting(for: "tester").buyOffDevice(
            "com.kiosk.lumen.aicredits10", options: []
        ).id
        let resumed = try await second.updates(after: lastSeen)
        let replay = try await next(3, of: resumed)
        #expect(replay.first?.event == "ready" && replay.first?.id == lastSeen)
        #expect(
            try replay.dropFirst().map(transactionID) == [bought, later], "nothing lost, nothing repeated")
        let refund = try WireCoding.decode(WireSigned.self, from: Array(replay[1].data.utf8))
        let revoked = try JWSVerifier(trustedRoots: []).verify(refund.jws, as: Transaction.self)
        #expect(revoked.unsafePayloadValue.revocationDate != nil, "the revocation reaches the listener")
        await second.http.stop()
    }
}
