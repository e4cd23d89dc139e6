import Foundation
import StoreCore
import Testing

@testable import Simulator

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
