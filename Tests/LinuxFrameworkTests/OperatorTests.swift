#if os(Linux)
    import Combine
    import Testing

    /// The operators as purchase managers chain them, on `@Published` projections and subjects:
    /// values, completion, cancellation, and demand passed through.
    @Suite struct OperatorTests {
        struct Failure: Error, Equatable { var code = 1 }

        final class Store: ObservableObject {
            @Published var productIDs: [String] = []
            @Published var isLoading = false
        }

        @Test func mapCompactMapFilterAndRemoveDuplicatesOnAPublishedProjection() {
            let store = Store()
            var counts: [Int] = []
            var firstIDs: [String] = []
            let cancellables = [
                store.$productIDs.map(\.count).removeDuplicates().sink { counts.append($0) },
                store.$productIDs.compactMap(\.first).filter { $0 != "skip" }.sink { firstIDs.append($0) },
            ]
            store.productIDs = ["pro"]
            store.productIDs = ["lite"]
            store.productIDs = ["skip", "x"]
            store.productIDs = []
            #expect(counts == [0, 1, 2, 0])
            #expect(firstIDs == ["pro", "lite"])
            _ = cancellables
        }

        @Test func removeDuplicatesByAPredicate() {
            var values: [Int] = []
            _ = [1, 3, 4, 6, 7].publisher.removeDuplicates { $0 % 2 == $1 % 2 }.sink { values.append($0) }
            #expect(values == [1, 4, 7])
        }

        @Test func aFilteredValueDoesNotUseUpTheSubscribersDemand() {
            let probe = DemandProbe<Int, Never>(asking: .max(1))
            [1, 2, 3, 4].publisher.filter { $0 > 2 }.map { $0 * 10 }.subscribe(probe)
            #expect(probe.values == [30] && probe.completions.isEmpty)
        }

        @Test func dropFirstLeavesOnlyChangesAndFirstEndsAfterOne() {
            let store = Store()
            var changes: [Bool] = []
            var first: [Bool] = []
            var firstFinished = false
            let cancellables = [
                store.$isLoading.dropFirst().sink { changes.append($0) },
                store.$isLoading.dropFirst().first().sink(
                    receiveCompletion: { _ in firstFinished = true }, receiveValue: { first.append($0) }),
            ]
            store.isLoading = true
            store.isLoading = false
            #expect(changes == [true, false])
            #expect(first == [true] && firstFinished)
            var matched: [Int] = []
            _ = [1, 5, 8].publisher.first { $0 > 4 }.sink { matched.append($0) }
            #expect(matched == [5])
            _ = cancellables
        }

        @Test func prependAndAppendSurroundTheValues() {
            let subject = PassthroughSubject<String, Never>()
            var values: [String] = []
            let cancellable = subject.prepend("cached").sink { values.append($0) }
            subject.send("fresh")
            #expect(values == ["cached", "fresh"])
            var appended: [Int] = []
            _ = [1].publisher.append(2, 3).prepend([0]).sink { appended.append($0) }
            #expect(appended == [0, 1, 2, 3])
            _ = cancellable
        }

        @Test func handleEventsSeesEveryEvent() {
            var events: [String] = []
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.handleEvents(
                receiveSubscription: { _ in events.append("subscribed") },
                receiveOutput: { events.append("value \($0)") },
                receiveCompletion: { _ in events.append("completed") },
                receiveCancel: { events.append("cancelled") },
                receiveRequest: { events.append("request \($0)") }
            ).sink { _ in }
            subject.send(1)
            cancellable.cancel()
            subject.send(2)
            #expect(events == ["subscribed", "request unlimited", "value 1", "cancelled"])
        }

        @Test func errorsAreReplacedCaughtAndMapped() {
            let failing = PassthroughSubject<Int, Failure>()
            var replaced: [Int] = []
            var caught: [Int] = []
            var mapped: Subscribers.Completion<Failure>?
            let cancellables = [
                failing.replaceError(with: -1).sink { replaced.append($0) },
                failing.catch { _ in Just(99).setFailureType(to: Failure.self) }.sink(
                    receiveCompletion: { _ in }, receiveValue: { caught.append($0) }),
                failing.mapError { Failure(code: $0.code + 1) }.sink(
                    receiveCompletion: { mapped = $0 }, receiveValue: { _ in }),
            ]
            failing.send(1)
            failing.send(completion: .failure(Failure()))
            #expect(replaced == [1, -1])
            #expect(caught == [1, 99])
            _ = cancellables
            guard case .failure(let error) = mapped else {
                Issue.record("mapError sent no failure")
                return
            }
            #expect(error.code == 2)
            var thrown: (any Error)?
            _ = [1, 2].publisher.tryMap { value -> Int in
                if value == 2 { throw Failure(code: 7) }
                return value
            }.sink(receiveCompletion: { if case .failure(let e) = $0 { thrown = e } }, receiveValue: { _ in })
            #expect((thrown as? Failure)?.code == 7)
        }

        @Test func replaceErrorWaitsForDemandBeforeSendingItsValue() {
            let failing = PassthroughSubject<Int, Failure>()
            let probe = DemandProbe<Int, Never>(asking: .none)
            failing.replaceError(with: 0).subscribe(probe)
            failing.send(completion: .failure(Failure()))
            #expect(probe.values.isEmpty && probe.completions.isEmpty)
            probe.subscription?.request(.max(1))
            #expect(probe.values == [0] && probe.finished)
        }

        @Test func flatMapRunsAPublisherPerValue() {
            let requests = PassthroughSubject<String, Never>()
            let responses = [String: PassthroughSubject<Int, Never>](
                uniqueKeysWithValues: ["a", "b"].map { ($0, PassthroughSubject<Int, Never>()) })
            var values: [Int] = []
            var finished = false
            let cancellable = requests.flatMap { responses[$0]! }.sink(
                receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
            requests.send("a")
            requests.send("b")
            responses["b"]!.send(2)
            responses["a"]!.send(1)
            requests.send(completion: .finished)
            responses["a"]!.send(completion: .finished)
            #expect(!finished)
            responses["b"]!.send(completion: .finished)
            #expect(values == [2, 1] && finished)
            var flattened: [Int] = []
            _ = [1, 2].publisher.flatMap { [$0, $0 * 10].publisher }.sink { flattened.append($0) }
            #expect(flattened == [1, 10, 2, 20])
            _ = cancellable
        }

        @Test func combineLatestSendsPairsOnceBothHaveAValue() {
            let store = Store()
            let entitled = PassthroughSubject<Bool, Never>()
            var pairs: [String] = []
            let cancellable = store.$isLoading.combineLatest(entitled) { "\($0)/\($1)" }.sink {
                pairs.append($0)
            }
            store.isLoading = true
            entitled.send(false)
            entitled.send(true)
            store.isLoading = false
            #expect(pairs == ["true/false", "true/true", "false/true"])
            _ = cancellable
        }

        @Test func mergeSendsBothAndFinishesWhenBothDo() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            var values: [Int] = []
            var finished = false
            let cancellable = a.merge(with: b).sink(
                receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
            a.send(1)
            b.send(2)
            a.send(completion: .finished)
            b.send(3)
            #expect(!finished)
            b.send(completion: .finished)
            #expect(values == [1, 2, 3] && finished)
            _ = cancellable
        }

        @Test func joiningOperatorsHonourDemandAndCancellation() {
            let a = PassthroughSubject<Int, Never>()
            let probe = DemandProbe<Int, Never>(asking: .max(1))
            a.merge(with: Just(0)).subscribe(probe)
            a.send(1)
            #expect(probe.values == [0])
            probe.subscription?.request(.max(1))
            #expect(probe.values == [0, 1])
            probe.subscription?.cancel()
            probe.subscription?.request(.max(1))
            a.send(2)
            #expect(probe.values == [0, 1])
        }

        final class Receiver { var text = "" }

        @Test func assignWritesToAPropertyOrAPublishedOne() {
            let subject = PassthroughSubject<String, Never>()
            let receiver = Receiver()
            let cancellable = subject.assign(to: \.text, on: receiver)
            subject.send("hello")
            #expect(receiver.text == "hello")
            cancellable.cancel()
            subject.send("gone")
            #expect(receiver.text == "hello")
        }

        final class Mirror: ObservableObject {
            @Published var status = "unknown"
            init(_ source: PassthroughSubject<String, Never>) {
                source.map { $0.uppercased() }.assign(to: &$status)
            }
        }

        @Test func assignToPublishedAnnouncesTheChangeAndEndsWithTheObject() {
            let source = PassthroughSubject<String, Never>()
            var mirror: Mirror? = Mirror(source)
            var changes = 0
            let cancellable = mirror!.objectWillChange.sink { changes += 1 }
            source.send("active")
            #expect(mirror?.status == "ACTIVE" && changes == 1)
            weak let released = mirror
            mirror = nil
            #expect(released == nil)
            source.send("after")  // nobody left to assign to, and no crash
            _ = cancellable
        }
    }
#endif
