#if os(Linux)
    import Combine
    import Testing

    /// The subjects and the one-shot publishers: values, completion, cancellation and demand.
    @Suite struct SubjectTests {
        struct Failure: Error, Equatable {}

        @Test func aPassthroughSubjectSendsOnlyToCurrentSubscribersAndEndsOnce() {
            let subject = PassthroughSubject<Int, Failure>()
            subject.send(0)  // nobody subscribed: lost
            var values: [Int] = []
            var completions = 0
            let cancellable = subject.sink(
                receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(Failure()))
            subject.send(3)
            subject.send(completion: .finished)
            #expect(values == [1, 2] && completions == 1)
            var late: [Subscribers.Completion<Failure>] = []
            _ = subject.sink(receiveCompletion: { late.append($0) }, receiveValue: { _ in })
            #expect(late.count == 1)
            _ = cancellable
        }

        @Test func aCancelledSubscriptionReceivesNothingMore() {
            let subject = PassthroughSubject<Int, Never>()
            var values: [Int] = []
            let cancellable = subject.sink { values.append($0) }
            subject.send(1)
            cancellable.cancel()
            subject.send(2)
            #expect(values == [1])
        }

        @Test func aSubscriberAskingForOneGetsOne() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let probe = DemandProbe<Int, Never>(asking: .max(1))
            subject.subscribe(probe)
            subject.send(1)
            subject.send(2)
            #expect(probe.values == [0])
            probe.subscription?.request(.max(1))
            #expect(probe.values == [0, 2])  // the value it holds when asked
            let passthrough = PassthroughSubject<Int, Never>()
            let one = DemandProbe<Int, Never>(asking: .max(1))
            passthrough.subscribe(one)
            for value in 1...3 { passthrough.send(value) }
            #expect(one.values == [1])
        }

        @Test func aCurrentValueSubjectHoldsItsValueAndSendsEachNewOne() {
            let subject = CurrentValueSubject<String, Never>("idle")
            var values: [String] = []
            let cancellable = subject.sink { values.append($0) }
            subject.send("loading")
            subject.value = "loaded"
            #expect(subject.value == "loaded")
            #expect(values == ["idle", "loading", "loaded"])
            subject.send(completion: .finished)
            subject.send("ignored")
            #expect(subject.value == "loaded" && values.count == 3)
            _ = cancellable
        }

        @Test func voidSubjectsSendWithoutAnArgument() {
            let refresh = PassthroughSubject<Void, Never>()
            var count = 0
            let cancellable = refresh.sink { count += 1 }
            refresh.send()
            #expect(count == 1)
            _ = cancellable
        }

        @Test func justEmptyFailAndSequencesEndAsApplesDo() {
            let just = DemandProbe<Int, Never>(asking: .max(1))
            Just(7).subscribe(just)
            #expect(just.values == [7] && just.finished)
            let waiting = DemandProbe<Int, Never>(asking: .none)
            Just(7).subscribe(waiting)
            #expect(waiting.values.isEmpty && waiting.completions.isEmpty)
            let empty = DemandProbe<Int, Never>(asking: .none)
            Empty<Int, Never>().subscribe(empty)
            #expect(empty.finished)
            let never = DemandProbe<Int, Never>(asking: .unlimited)
            Empty<Int, Never>(completeImmediately: false).subscribe(never)
            #expect(never.completions.isEmpty)
            var failure: Failure?
            _ = Fail<Int, Failure>(error: Failure()).sink(
                receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
                receiveValue: { _ in })
            #expect(failure == Failure())
            let sequence = DemandProbe<Int, Never>(asking: .max(2))
            [1, 2, 3].publisher.subscribe(sequence)
            #expect(sequence.values == [1, 2] && sequence.completions.isEmpty)
            sequence.subscription?.request(.max(5))
            #expect(sequence.values == [1, 2, 3] && sequence.finished)
        }

        @Test func aFutureRunsOnceAndSendsItsResultToEverySubscriber() {
            var runs = 0
            var keep: ((Result<Int, Failure>) -> Void)?
            let future = Future<Int, Failure> { promise in
                runs += 1
                keep = promise
            }
            var first: [Int] = []
            var firstDone = false
            let a = future.sink(
                receiveCompletion: { _ in firstDone = true }, receiveValue: { first.append($0) })
            #expect(first.isEmpty && !firstDone)
            keep?(.success(5))
            keep?(.success(6))  // a promise is kept once
            var second: [Int] = []
            let b = future.sink(receiveCompletion: { _ in }, receiveValue: { second.append($0) })
            #expect(runs == 1 && first == [5] && firstDone && second == [5])
            let cancelled = Future<Int, Failure> { promise in keep = promise }
            var late: [Int] = []
            cancelled.sink(receiveCompletion: { _ in }, receiveValue: { late.append($0) }).cancel()
            keep?(.success(1))
            #expect(late.isEmpty)
            _ = (a, b)
        }

        @Test func deferredMakesAPublisherPerSubscriber() {
            var made = 0
            let deferred = Deferred {
                made += 1
                return Just(made)
            }
            #expect(made == 0)
            var values: [Int] = []
            _ = deferred.sink { values.append($0) }
            _ = deferred.sink { values.append($0) }
            #expect(values == [1, 2])
        }

        @Test func anyPublisherHidesTheSubject() {
            let subject = PassthroughSubject<[String], Never>()
            let products: AnyPublisher<[String], Never> = subject.eraseToAnyPublisher()
            var received: [[String]] = []
            let cancellable = products.sink { received.append($0) }
            subject.send(["pro"])
            #expect(received == [["pro"]])
            #expect(products.eraseToAnyPublisher().description == "AnyPublisher")
            _ = cancellable
        }
    }
#endif
