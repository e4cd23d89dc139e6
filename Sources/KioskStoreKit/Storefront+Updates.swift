import Foundation
import StoreCore

extension Storefront {
    /// A storefront each time the account's storefront changes (a session's `storefront`, the
    /// Transaction Manager's or `kiosk store set storefront`).
    public static var updates: Storefronts { Storefronts() }

    /// The sequence of `updates`, as StoreKit's `Storefront.Storefronts`.
    public struct Storefronts: AsyncSequence, Sendable {
        public typealias Element = Storefront
        public typealias Failure = Never

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: StoreEventFeed()) }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Element = Storefront
            public typealias Failure = Never
            let feed: StoreEventFeed
            /// The storefront last seen: a change is a storefront that differs from it.
            var last: Storefront?

            init(feed: StoreEventFeed) { self.feed = feed }

            /// Subscribes and reads the storefront now, so a change made after this returns is
            /// delivered (tests wait on it rather than sleep).
            package mutating func listen() async {
                guard last == nil, let binding = await feed.start() else { return }
                last = await Self.read(binding)
            }

            public mutating func next() async -> Storefront? {
                await listen()
                while await feed.next() != nil {
                    guard let binding = await feed.start(), let now = await Self.read(binding) else {
                        continue
                    }
                    if now != last {
                        last = now
                        return now
                    }
                }
                return nil
            }

            private static func read(_ binding: StoreBinding) async -> Storefront? {
                do {
                    return Storefront(
                        try await binding.call { store throws(StoreError) in try await store.storefront() })
                } catch {
                    StoreKitRuntime.shared.report(StoreKitError.from(error))
                    return nil
                }
            }
        }
    }
}
