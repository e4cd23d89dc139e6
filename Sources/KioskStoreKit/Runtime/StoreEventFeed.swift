import Foundation
import StoreCore

/// The store's events (`StoreControl.events()`) for one of StoreKit's sequences that are not
/// transactions: subscription status updates and storefront changes. It subscribes on first use,
/// to the store installed then; a sequence that starts with no store configured ends at once,
/// after saying why on standard error (Apple's sequences cannot throw).
actor StoreEventFeed {
    private var events: AsyncStream<StoreEvent>.Iterator?
    private var binding: StoreBinding?
    private var failed = false

    /// Subscribes (once) and answers the store it listens to.
    @discardableResult
    func start() async -> StoreBinding? {
        if let binding { return binding }
        guard !failed else { return nil }
        do {
            let binding = try await StoreKitRuntime.shared.binding()
            try await binding.prepare()
            events = await binding.store.events().makeAsyncIterator()
            self.binding = binding
            return binding
        } catch {
            failed = true
            StoreKitRuntime.shared.report((error as? StoreError).map(StoreKitError.from) ?? error)
            return nil
        }
    }

    /// The next event, or nil when the store's stream ended (its session was replaced).
    func next() async -> StoreEvent? {
        guard await start() != nil, var iterator = events else { return nil }
        let event = await iterator.next(isolation: self)
        events = iterator
        return event
    }
}
