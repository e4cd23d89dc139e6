import Catalog
import Foundation
import SharedState
import Signing
import Simulator
import Synchronization
import Testing

/// An owner record that cannot be written is reported (issue 37, item 7): `own` and
/// `announce` used to drop the failure with `try?`, and the others' messages then named no
/// owner, or an old one, with no word of why.
@Suite struct OwnerRecordProblemTests {
    @Test func aRecordThatCannotBeWrittenIsReportedAndTheStateStillServed() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let record = directory.appendingPathComponent("owner.json")
        let ownership = StateOwnership(directory: directory, command: "owner") {
            // In the record's place once its place was checked: what a failing disk looks like.
            try FileManager.default.createDirectory(
                at: record.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
            let (store, authority) = try DemoStore.inMemory()
            return (store, authority.root)
        }
        let problems = Mutex<[String]>([])
        await ownership.onProblem { line in problems.withLock { $0.append(line) } }
        guard case .owner = try await ownership.attach() else {
            Issue.record("a fresh state must be owned")
            return
        }
        #expect(FileManager.default.fileExists(atPath: ownership.socketPath), "the state is still served")
        let first = problems.withLock { $0 }
        #expect(first.count == 1, "\(first)")
        #expect(first.first?.contains(record.path) == true, "\(first)")
        await ownership.announce(url: "http://127.0.0.1:8686")
        #expect(problems.withLock { $0.count } == 2, "announcing the URL reports its failed write too")
        await ownership.release()
    }
}
