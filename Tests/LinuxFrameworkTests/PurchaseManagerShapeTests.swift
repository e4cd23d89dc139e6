#if os(Linux)
    import Foundation
    import SwiftUI
    import Synchronization
    import Testing

    /// A purchase manager as public ones are written with `import SwiftUI` alone: `@Published`
    /// state, a private subject behind an `AnyPublisher`, a chain that ends on the main queue,
    /// and an `@Observable` model beside it. Swift Testing's async tests wait on the main queue
    /// the way an app's code does.
    @Suite struct PurchaseManagerShapeTests {
        final class PurchaseManager: ObservableObject {
            @Published private(set) var purchasedProductIDs: Set<String> = []
            @Published var isPremium = false
            private let purchases = PassthroughSubject<String, Never>()
            private var cancellables = Set<AnyCancellable>()
            var purchaseEvents: AnyPublisher<String, Never> { purchases.eraseToAnyPublisher() }

            init() {
                $purchasedProductIDs
                    .map { $0.contains("com.example.pro") }
                    .removeDuplicates()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.isPremium = $0 }
                    .store(in: &cancellables)
            }

            func complete(_ productID: String) {
                purchasedProductIDs.insert(productID)
                purchases.send(productID)
            }
        }

        @Observable final class Paywall {
            var selected = "com.example.pro"
        }

        /// On the main actor, as an app's view model code runs: the main queue's deliveries wait
        /// until the test awaits.
        @MainActor @Test func thePremiumFlagFollowsPurchasesOnTheMainQueue() async {
            let manager = PurchaseManager()
            var premiumValues: [Bool] = []
            let recorded = manager.$isPremium.dropFirst().sink { premiumValues.append($0) }
            var events: [String] = []
            let eventsKept = manager.purchaseEvents.sink { events.append($0) }
            manager.complete("com.example.coins")
            manager.complete("com.example.pro")
            manager.complete("com.example.coins2")
            #expect(!manager.isPremium, "receive(on: DispatchQueue.main) has not delivered yet")
            await withCheckedContinuation { continuation in
                DispatchQueue.main.async { continuation.resume() }
            }
            #expect(manager.isPremium)
            // The chain's first value (false, for the empty set) arrives later too and is set
            // like any other, as on Apple platforms; the repeated true is removed.
            #expect(premiumValues == [false, true])
            #expect(events == ["com.example.coins", "com.example.pro", "com.example.coins2"])
            _ = (recorded, eventsKept)
        }

        @Test func runLoopMainDeliversInAnAsyncTestToo() async {
            let subject = CurrentValueSubject<Int, Never>(1)
            let value = await withCheckedContinuation { continuation in
                var cancellable: AnyCancellable?
                cancellable = subject.receive(on: RunLoop.main).first().sink { value in
                    continuation.resume(returning: value)
                    _ = cancellable
                }
            }
            #expect(value == 1)
        }

        @Test func observationComesWithSwiftUI() {
            let paywall = Paywall()
            let changed = Mutex(false)
            withObservationTracking {
                _ = paywall.selected
            } onChange: {
                changed.withLock { $0 = true }
            }
            paywall.selected = "com.example.lite"
            #expect(changed.withLock { $0 })
        }
    }
#endif
