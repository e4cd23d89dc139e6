import Catalog
import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import TestSupport
import Testing

/// A screen's picture crosses the wire once per change of screen: calls from an unchanged
/// screen send its digest, the server puts the picture back, and the journal (what the QA
/// report is made from) holds every step's picture exactly as when each call carried it.
@Suite struct PictureOnceTests {
    /// A server on a port whose `StoreServer` can be replaced (a new owner that keeps no
    /// pictures yet), counting the pictures that reach it.
    final class CountingServer: Sendable {
        let store: SimulatedStore
        let authority: CertificateAuthority
        let token = ServerToken.generate()
        let server: Mutex<StoreServer>
        /// The `Kiosk-Picture` header values received, in order.
        let pictures = Mutex<[String]>([])
        /// Drops the server's echo of the picture it keeps, as an older server that keeps none.
        let forgetsPictures = Mutex(false)
        let http: Mutex<HTTPServer?> = Mutex(nil)

        init() throws {
            authority = try CertificateAuthority.ephemeral()
            let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
            store = try SimulatedStore.open(
                catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
            server = Mutex(StoreServer(store: store, token: token, rootCertificate: authority.root))
            let http = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { [self] request in
                if let picture = request.headers["Kiosk-Picture"] { pictures.withLock { $0.append(picture) } }
                var response = await server.withLock { $0 }.handle(request)
                if forgetsPictures.withLock({ $0 }) { response.headers.remove("Kiosk-Picture-Digest") }
                return response
            }
            http.start()
            self.http.withLock { $0 = http }
        }

        deinit { http.withLock { $0?.shutdown() } }

        func remote() throws -> RemoteStore {
            let port = http.withLock { $0?.port ?? 0 }
            return try RemoteStore(
                url: URL(string: "http://127.0.0.1:\(port)")!, token: token, account: "tester",
                root: authority.root)
        }

        /// A new owner: the same store, a server that keeps no pictures yet.
        func restart() {
            server.withLock { $0 = StoreServer(store: store, token: token, rootCertificate: authority.root) }
        }

        /// The pictures of the session's journal lines, oldest first.
        func journaledPictures(of session: String) async throws -> [String?] {
            try await store.journal().filter { $0.session == session }.map(\.picture)
        }
    }

    static let screen = JournalContext(session: "3f9a1c2e0b7d", source: .paywall, screen: "subscriptions")

    /// One journal note made from a screen showing `picture`.
    static func note(_ remote: RemoteStore, showing picture: String) async throws {
        _ = try await screen.showing("subscriptions", picture: picture).bound { () async throws(StoreError) in
            try await remote.perform(.journalNote(.paywallRedrawn(after: .storeChanged)))
        }
    }

    @Test func twoCallsFromTheSameScreenSendItsPictureOnceAndTheJournalHoldsItTwice() async throws {
        let server = try CountingServer()
        let remote = try server.remote()
        let first = String(repeating: "Lumen Pro  $9.99/month\n", count: 120)
        let second = first + "✓ Purchased"
        try await Self.note(remote, showing: first)
        try await Self.note(remote, showing: first)
        try await Self.note(remote, showing: second)
        try await Self.note(remote, showing: second)

        let sent = server.pictures.withLock { $0 }
        #expect(sent.count == 2, "pictures sent: \(sent.count)")
        let bytes = sent.map(\.utf8.count).reduce(0, +)
        #expect(bytes == [first, second].map { Data($0.utf8).base64EncodedString().utf8.count }.reduce(0, +))
        // What the report shows for each step: every line has the screen it was made from.
        let journaled = try await server.journaledPictures(of: Self.screen.session)
        #expect(journaled == [first, first, second, second])
    }

    @Test func aServerThatNoLongerKeepsThePictureIsSentItAgain() async throws {
        let server = try CountingServer()
        let remote = try server.remote()
        let picture = String(repeating: "Lumen Ultimate  $19.99/month\n", count: 80)
        try await Self.note(remote, showing: picture)
        // A new owner took the state over: it has never seen the picture the client left out.
        server.restart()
        try await Self.note(remote, showing: picture)
        try await Self.note(remote, showing: picture)
        #expect(server.pictures.withLock { $0.count } == 2, "once for each server")
        #expect(try await server.journaledPictures(of: Self.screen.session) == [picture, picture, picture])
    }

    @Test func aServerThatKeepsNoPicturesGetsEveryPictureAsBefore() async throws {
        let server = try CountingServer()
        server.forgetsPictures.withLock { $0 = true }
        let remote = try server.remote()
        let picture = String(repeating: "Restore Purchases\n", count: 60)
        try await Self.note(remote, showing: picture)
        try await Self.note(remote, showing: picture)
        #expect(server.pictures.withLock { $0.count } == 2)
        #expect(try await server.journaledPictures(of: Self.screen.session) == [picture, picture])
    }
}
