import Foundation
import HTTP
import StoreCore
import StoreServer
import Synchronization
import TestSupport
import Testing

@testable import RemoteStore

/// An update the server sends that cannot be read is reported, not dropped without a word
/// (issue 37, item 7): the simulator reports what it hands over unverified, and a
/// `RemoteStore` left the same news out of `Transaction.updates` silently.
@Suite struct RemoteUpdateReportTests {
    @Test func anUnreadableUpdateIsReported() async throws {
        let fixture = try await Fixture()
        defer { fixture.http.shutdown() }
        let storeServer = fixture.server
        let (hold, release) = AsyncStream.makeStream(of: Void.self)
        defer { release.finish() }
        let unreadable = [
            ServerSentEvent(event: "transaction", data: "{not json"),
            ServerSentEvent(event: "transaction", data: #"{"jws":"not.a.jws"}"#),
        ]
        let http = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            guard request.path.hasSuffix("/updates") else { return await storeServer.handle(request) }
            return .eventStream { writer in
                for event in unreadable { try? writer.write(event) }
                try? writer.write(ServerSentEvent(id: "0", event: "ready", data: "{}"))
                // Open until the test ends, so the client does not reconnect meanwhile.
                for await _ in hold {}
            }
        }
        http.start()
        defer { http.shutdown(gracePeriod: 1) }
        let remote = try RemoteStore(
            url: try #require(URL(string: "http://127.0.0.1:\(http.port)")), token: fixture.token,
            account: "tester", root: fixture.root)
        let reports = Mutex<[String]>([])
        let updates = await RemoteStore.$problemReporter.withValue({ line in
            reports.withLock { $0.append(line) }
        }) {
            await remote.updates()
        }
        try await waitUntil("both unreadable updates reported") { reports.withLock { $0.count } >= 2 }
        let lines = reports.withLock { $0 }
        #expect(lines.allSatisfy { $0.contains("left out of Transaction.updates") }, "\(lines)")
        _ = updates
    }
}
