#if os(Linux)
    import Combine
    import Testing

    /// Kiosk's Combine subset with Apple's semantics: `objectWillChange` before the change,
    /// `$property` with the current value first then each new one (also before it is stored),
    /// and subscriptions that live as long as their `AnyCancellable`.
    @Suite struct ObservableObjectTests {
        final class Counter: ObservableObject {
            @Published var count = 0
            @Published private(set) var names: Set<String> = []
            func add(_ name: String) { names.insert(name) }
        }

        /// An object that declares its own publisher, as some managers do.
        final class Declared: ObservableObject {
            let objectWillChange = ObservableObjectPublisher()
            @Published var flag = false
        }

        @Test func objectWillChangeFiresBeforeTheValueChanges() {
            let counter = Counter()
            var seenBefore: [Int] = []
            let cancellable = counter.objectWillChange.sink { seenBefore.append(counter.count) }
            counter.count = 1
            counter.count = 2
            counter.add("pro")
            #expect(seenBefore == [0, 1, 2])
            #expect(counter.count == 2 && counter.names == ["pro"])
            _ = cancellable
        }

        @Test func thePropertysPublisherStartsWithTheCurrentValueAndSendsEachNewOneBeforeItIsStored() {
            let counter = Counter()
            counter.count = 5
            var received: [Int] = []
            var storedWhenReceived: [Int] = []
            let cancellable = counter.$count.sink { value in
                received.append(value)
                storedWhenReceived.append(counter.count)
            }
            counter.count = 6
            counter.count = 7
            #expect(received == [5, 6, 7])
            #expect(storedWhenReceived == [5, 5, 6])
            _ = cancellable
        }

        @Test func aSubscriptionEndsWhenItsCancellableIsCancelledOrReleased() {
            let counter = Counter()
            var count = 0
            var kept: AnyCancellable? = counter.objectWillChange.sink { count += 1 }
            counter.count = 1
            kept = nil
            counter.count = 2
            #expect(count == 1)
            let cancellable = counter.$count.sink { _ in count += 1 }
            cancellable.cancel()
            counter.count = 3
            #expect(count == 2)  // the current value, on subscribing
            _ = kept
        }

        @Test func aSetOfCancellablesKeepsEverySubscription() {
            let counter = Counter()
            var cancellables = Set<AnyCancellable>()
            var changes = 0
            var values: [Int] = []
            counter.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
            counter.$count.sink { values.append($0) }.store(in: &cancellables)
            counter.count = 4
            #expect(cancellables.count == 2)
            #expect(changes == 1 && values == [0, 4])
            cancellables.removeAll()
            counter.count = 5
            #expect(changes == 1 && values == [0, 4])
        }

        @Test func aDeclaredPublisherIsTheOnePublishedPropertiesSendTo() {
            let declared = Declared()
            var changes = 0
            let cancellable = declared.objectWillChange.sink { changes += 1 }
            declared.flag = true
            #expect(changes == 1)
            _ = cancellable
        }

        @Test func eachObjectHasItsOwnPublisher() {
            let first = Counter()
            let second = Counter()
            var firstChanges = 0
            let cancellable = first.objectWillChange.sink { firstChanges += 1 }
            second.count = 1
            #expect(firstChanges == 0)
            first.count = 1
            #expect(firstChanges == 1)
            #expect(first.objectWillChange === first.objectWillChange)
            _ = cancellable
        }

        @Test func sinkWithCompletionCompiles() {
            let counter = Counter()
            var values: [Int] = []
            let cancellable = counter.$count.sink(
                receiveCompletion: { _ in }, receiveValue: { values.append($0) })
            #expect(values == [0])
            _ = cancellable
        }
    }
#endif
