import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The outbox behind the store: a notification signed once, the same bytes after, and an
/// account's history newest first.
@Suite struct NotificationOutboxSigningTests {
    @Test func theOutboxSignsANotificationOnceAndListsItsHistory() async throws {
        let store = try await storeWithSubscription()
        let (first, again, history, nobody) = try await store.inspect { _, outbox in
            let notification = try #require(try outbox.records(after: 0, account: "tester", limit: 10).first)
            let sign = { () throws in try outbox.signed(notification.notification) }
            return (
                try sign(), try sign(), try outbox.history(of: "tester", limit: 5).map(\.type),
                try outbox.history(of: "nobody", limit: 5).count
            )
        }
        #expect(first == again && !first.isEmpty)
        #expect(history == [.subscribed] && nobody == 0)
    }
}
