import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import TestSupport
import Testing
import WireProtocol

/// A server on 127.0.0.1 with a fresh store on the demo catalog.
struct Fixture {
    let store: SimulatedStore
    let server: StoreServer
    let http: HTTPServer
    let token = ServerToken.generate()
    let root: Certificate

    init() async throws {
        let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("catalogs/demo.storekit").path
        let catalog = try LoadedCatalog.load(contentsOf: catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        root = authority.root
        server = StoreServer(store: store, token: token, rootCertificate: authority.root)
        http = try await server.listen(HTTPServerConfiguration(port: 0))
    }

    /// Opens the account's update stream, resuming after `lastEventID` when given.
    func updates(after lastEventID: String? = nil) async throws -> AsyncThrowingStream<
        ServerSentEvent, any Error
    > {
        try await updateStream(port: http.port, token: token, after: lastEventID)
    }
}

/// Opens tester's update stream on a server at 127.0.0.1:`port`, resuming after `lastEventID`.
func updateStream(port: UInt16, token: String, after lastEventID: String?) async throws
    -> AsyncThrowingStream<ServerSentEvent, any Error>
{
    var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
    if let lastEventID { headers.add("Last-Event-ID", lastEventID) }
    guard
        case .events(let events) = try await EventStreamClient.open(
            host: "127.0.0.1", port: port, path: "/v1/accounts/tester/updates", headers: headers)
    else { throw HTTPError.connectionClosed }
    return events
}

/// The next `count` events of a stream, or `DeadlineExceeded` after a minute naming how many came.
func next(_ count: Int, of events: AsyncThrowingStream<ServerSentEvent, any Error>) async throws
    -> [ServerSentEvent]
{
    final class Received: Sendable { let events = Mutex<[ServerSentEvent]>([]) }
    let received = Received()
    guard count > 0 else { return [] }
    do {
        return try await withDeadline(waitingFor: "\(count) events on the update stream") {
            for try await event in events {
                let result = received.events.withLock { result in
                    result.append(event)
                    return result
                }
                if result.count == count { return result }
            }
            return received.events.withLock { $0 }
        }
    } catch var error as DeadlineExceeded {
        error.what += " (\(received.events.withLock { $0.count }) came)"
        throw error
    }
}

func transactionID(of event: ServerSentEvent) throws -> UInt64 {
    let wire = try WireCoding.decode(WireSigned.self, from: Array(event.data.utf8))
    return try JWSVerifier(trustedRoots: []).verify(wire.jws, as: Transaction.self).unsafePayloadValue.id
}

@Suite struct StoreServerTests {
    @Test func missingOrWrongTokensAre401WithTheJSONErrorBody() async throws {
        let fixture = try await Fixture()
        for authorization in [nil, "Bearer wrong", "Basic abc", "Bearer \(fixture.token)x"] {
            var headers: HTTPHeaders = ["Host": "t"]
            if let authorization { headers.add("Authorization", authorization) }
            let response = await fixture.server.handle(
                HTTPRequest(method: "GET", target: "/v1/accounts/tester/transactions", headers: headers))
            #expect(response.status == 401)
            #expect(response.headers["Content-Type"] == "application/json")
            let error = try WireCoding.decode(WireError.self, from: response.bodyBytes)
            #expect(error.errorCode == WireError.unauthorized && !error.errorMessage.isEmpty)
        }
        // Over a socket too, and the update stream is refused the same way.
        let port = fixture.http.port
        let response = try await Task.detached {
            let socket = try ClientSocket(host: "127.0.0.1", port: port)
            try socket.write("GET /v1/control/accounts HTTP/1.1\r\nHost: t\r\n\r\n")
            return try socket.readResponse()
        }.value
        #expect(response.status == 401 && response.headers["Content-Type"] == "application/json")
        let refused = try await EventStreamClient.open(
            host: "127.0.0.1", port: port, path: "/v1/accounts/tester/updates")
        guard case .refused(let refusal) = refused else {
            Issue.record("the stream was not refused")
            return
        }
        #expect(refusal.status == 401)
        await fixture.http.stop()
    }

    @Test func errorsKeepTheirCaseAcrossTheWire() {
        let errors: [StoreError] =
            StoreKitError.allCases.map(StoreError.storeKit) + PurchaseError.allCases.map(StoreError.purchase)
            + [
                .productNotFound("com.x.it's"), .transactionNotFound(2_000_000_000_000_042),
                .accountNotFound("al'ice"),
                .invalidAction("no"), .invalidArgument("bad"),
            ]
        for error in errors {
            #expect(WireError(error).storeError == error)
        }
        #expect(WireError(.backend("disk")).status == 500)
        #expect(WireError(.productNotFound("p")).status == 404)
    }

    @Test func updateStreamsResumeFromLastEventIDWithNothingLostOrRepeated() async throws {
        let fixture = try await Fixture()
        let store = fixture.store
        func buy() async throws -> UInt64 {
            try await store.acting(for: "tester").buyOffDevice("com.kiosk.lumen.aicredits10", options: []).id
        }
        var stream: AsyncThrowingStream<ServerSentEvent, any Error>? = try await fixture.updates()
        let ready = try await next(1, of: stream!)
        #expect(ready.map(\.event) == ["ready"])
        let first = [try await buy(), try await buy()]
        let live = try await next(2, of: stream!)
        #expect(try live.map(transactionID) == first)
        stream = nil  // the client goes away...
        let missed = [try await buy(), try await buy()]  // ...and misses these
        let resumed = try await fixture.updates(after: live.last?.id)
        // First the `ready` marker at the client's own position, then exactly what it missed.
        let replay = try await next(3, of: resumed)
        #expect(replay[0].event == "ready" && replay[0].id == live.last?.id)
        #expect(try replay.dropFirst().map(transactionID) == missed)
        let later = try await buy()
        #expect(try await next(1, of: resumed).map(transactionID) == [later])
        // A new listener (no ID) gets every unfinished transaction again, as an app on launch.
        let fresh = try await fixture.updates()
        let all = try await next(6, of: fresh)
        #expect(try all.prefix(5).map(transactionID) == first + missed + [later])
        #expect(all.last?.event == "ready")
        await fixture.http.stop()
    }
}
