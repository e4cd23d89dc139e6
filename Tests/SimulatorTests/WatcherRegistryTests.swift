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
