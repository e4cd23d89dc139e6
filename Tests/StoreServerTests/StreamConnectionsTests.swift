import Foundation
import StoreCore
import Testing

@testable import RemoteStore

/// `switchAccount` waits on this bookkeeping: it may return only once every open stream
/// listens as the new account, or is backing off after a failed try (waiting for that would
/// wait out the backoff).
@Suite struct StreamConnectionsTests {
    @Test func aSwitchIsSettledOnlyWhenEveryStreamIsReadyAsTheNewAccountOrRetrying() {
        var streams = StreamConnections()
        let (updates, events) = (UUID(), UUID())
        streams.open(updates)
        streams.open(events)
        #expect(!streams.areSettled(for: "bob"), "two streams still connecting")
        streams.set(updates, .ready(account: "bob"))
        streams.set(events, .ready(account: "tester"))
        #expect(!streams.areSettled(for: "bob"), "one stream still listens as tester")
        streams.set(events, .retrying)
        #expect(streams.areSettled(for: "bob"))
        streams.reconnectAll()
        #expect(!streams.areSettled(for: "bob"), "every connection ended: none is ready yet")
        streams.close(updates)
        streams.close(events)
        #expect(streams.areSettled(for: "bob"), "no open stream: nothing to wait for")
    }

    @Test func aConnectionOpenedAsTheAccountSwitchedFromIsRefused() {
        var streams = StreamConnections()
        let id = UUID()
        streams.open(id)
        let stale = streams.connected(id, as: "tester", current: "bob", cancel: {})
        let current = streams.connected(id, as: "bob", current: "bob", cancel: {})
        #expect(!stale)
        #expect(current)
    }

    @Test func aWaiterResumesWhenTheLastStreamIsReady() async {
        let box = Box()
        let id = UUID()
        await box.open(id)
        let waiter = Task { await box.wait(for: "bob") }
        await box.set(id, .ready(account: "tester"))
        await box.set(id, .ready(account: "bob"))
        await waiter.value
        #expect(await box.streams.areSettled(for: "bob"))
    }

    actor Box {
        var streams = StreamConnections()
        func open(_ id: UUID) { streams.open(id) }
        func set(_ id: UUID, _ phase: StreamConnections.Phase) { streams.set(id, phase) }
        func wait(for account: AccountName) async {
            await withCheckedContinuation { continuation in streams.wait(for: account, continuation) }
        }
    }
}
