import Foundation
import RemoteStore
import SharedState
import StoreCore
import Testing

/// Own or join as `kiosk` opens a state: the owner's own store, or the owner's store over the
/// socket for the account asked for, with the owner named for the status line.
@Suite struct JoinTests {
    @Test func theFirstOwnsAndTheSecondJoinsForItsAccount() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let first = OwnershipTests.ownership(directory, "kiosk (paywall)")
        guard case .owner = try await first.join(account: nil) else {
            Issue.record("the first process must own a fresh state")
            return
        }
        let second = OwnershipTests.ownership(directory, "kiosk store buy")
        guard case .client(let store, let ownerName) = try await second.join(account: "bob") else {
            Issue.record("the second process must join the owner")
            return
        }
        #expect(ownerName == "shared · pid \(ProcessInfo.processInfo.processIdentifier) (paywall)")
        #expect(try await store.currentAccount().name == "bob", "created on the owner's store and used")
        await second.release()
        await first.release()
    }
}
