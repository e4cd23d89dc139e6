import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The registry a store keeps its listening streams in: who hears what is yielded to an
/// account, and that a removed watcher hears nothing more.
@Suite struct WatcherRegistryTests {
    /// Everything a stream was handed, once its continuation is finished.
    func received<Element: Sendable>(_ stream: AsyncStream<Element>) async -> [Element] {
        var all: [Element] = []
        for await element in stream { all.append(element) }
        return all
    }

    @Test func anAccountsWatchersAndThoseOfAllAccountsHearIt() async {
        var registry = WatcherRegistry<Int>()
        let (alice, aliceIn) = AsyncStream.makeStream(of: Int.self)
        let (bob, bobIn) = AsyncStream.makeStream(of: Int.self)
        let (everyone, everyoneIn) = AsyncStream.makeStream(of: Int.self)
        registry.add(UUID(), account: "alice", aliceIn)
        registry.add(UUID(), account: "bob", bobIn)
        registry.add(UUID(), account: nil, everyoneIn)
        #expect(registry.count == 3)
        #expect(registry.yield(1, to: "alice") == 2)
        #expect(registry.yield(2, to: nil) == 3)
        for continuation in [aliceIn, bobIn, everyoneIn] { continuation.finish() }
        #expect(await received(alice) == [1, 2])
        #expect(await received(bob) == [2])
        #expect(await received(everyone) == [1, 2])
    }

    @Test func hearsSaysWhetherAnyoneListensToAnAccount() {
        var registry = WatcherRegistry<Int>()
        #expect(registry.isEmpty && !registry.hears("alice"))
        let (_, aliceIn) = AsyncStream.makeStream(of: Int.self)
        registry.add(UUID(), account: "alice", aliceIn)
        #expect(registry.hears("alice") && !registry.hears("bob"))
        let (_, everyoneIn) = AsyncStream.makeStream(of: Int.self)
        registry.add(UUID(), account: nil, everyoneIn)
        #expect(registry.hears("bob"))
    }

    @Test func aRemovedWatcherHearsNothingMore() async {
        var registry = WatcherRegistry<String>()
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        registry.add(id, account: "alice", continuation)
        registry.yield("before", to: "alice")
        registry.remove(id)
        registry.remove(UUID())  // another registry's watcher: nothing happens
        #expect(registry.isEmpty)
        #expect(registry.yield("after", to: "alice") == 0)
        continuation.finish()
        #expect(await received(stream) == ["before"])
    }
}

/// The store's registries together: an announcement reaches the streams of the accounts it
/// concerns, "state changed" once per account, and a shown message is reported back.
@Suite struct StoreWatchersTests {
    @Test func deliverRoutesEventsAndReportsShownMessages() async {
        var watchers = StoreWatchers()
        let (events, eventsIn) = AsyncStream.makeStream(of: StoreEvent.self)
        let (messages, messagesIn) = AsyncStream.makeStream(of: StoreMessage.self)
        watchers.events.add(UUID(), account: "alice", eventsIn)
        watchers.messages.add(UUID(), account: "alice", messagesIn)
        let billing = StoreMessage.billingIssue(productID: "pro.monthly")
        var asked: [UInt64] = []
        let shown = watchers.deliver(
            [
                .event(account: "alice", .stateChanged), .event(account: "alice", .stateChanged),
                .event(account: "alice", .message(billing)),
                .event(account: "bob", .message(.billingIssue(productID: "other"))),
                .update(account: "bob", transactionID: 7),
            ], sequences: [1]
        ) { id in
            asked.append(id)
            return nil
        }
        // Nobody hears bob: his update's transaction is not even read.
        #expect(asked.isEmpty)
        #expect(shown.count == 1 && shown.first?.account == "alice" && shown.first?.message == billing)
        eventsIn.finish()
        messagesIn.finish()
        var stateChanges = 0
        var messageEvents = 0
        for await event in events {
            if case .stateChanged = event { stateChanges += 1 }
            if case .message = event { messageEvents += 1 }
        }
        #expect(stateChanges == 1 && messageEvents == 1)
        var heard: [StoreMessage] = []
        for await message in messages { heard.append(message) }
        #expect(heard == [billing])
    }

    @Test func onlyUpdateLogAndEventWatchersWantTimeToPass() {
        var watchers = StoreWatchers()
        let (_, messagesIn) = AsyncStream.makeStream(of: StoreMessage.self)
        let messageID = UUID()
        watchers.messages.add(messageID, account: "alice", messagesIn)
        #expect(!watchers.wantTime && !watchers.hearUpdates(of: "alice"))
        let (_, logIn) = AsyncStream.makeStream(of: LoggedUpdate.self)
        let logID = UUID()
        watchers.log.add(logID, account: "alice", logIn)
        #expect(watchers.wantTime && watchers.hearUpdates(of: "alice") && !watchers.hearUpdates(of: "bob"))
        watchers.remove(logID)
        watchers.remove(messageID)
        #expect(!watchers.wantTime && watchers.messages.isEmpty)
    }
}
