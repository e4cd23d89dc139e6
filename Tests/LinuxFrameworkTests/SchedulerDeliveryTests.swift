#if os(Linux)
    import Combine
    import Foundation
    import XCTest

    /// `receive(on:)` and `debounce` with the schedulers purchase code names, in XCTest the way
    /// an app's tests wait: delivery is later than the send, on the scheduler's thread, and
    /// arrives while the test waits with `wait(for:timeout:)` or `await fulfillment(of:)`.
    final class SchedulerDeliveryTests: XCTestCase {
        func testReceiveOnTheMainQueueArrivesLaterOnTheMainThread() {
            let subject = PassthroughSubject<Int, Never>()
            let delivered = expectation(description: "delivered on the main queue")
            var values: [Int] = []
            let cancellable = subject.receive(on: DispatchQueue.main).sink { value in
                XCTAssertTrue(Thread.isMainThread)
                values.append(value)
                if values.count == 2 { delivered.fulfill() }
            }
            subject.send(1)
            subject.send(2)
            XCTAssertEqual(values, [], "receive(on:) delivers asynchronously, as Apple's does")
            wait(for: [delivered], timeout: 5)
            XCTAssertEqual(values, [1, 2])
            cancellable.cancel()
        }

        func testReceiveOnRunLoopMainFromABackgroundQueue() {
            let subject = PassthroughSubject<String, Never>()
            let delivered = expectation(description: "delivered on RunLoop.main")
            let cancellable = subject.receive(on: RunLoop.main).sink { value in
                XCTAssertTrue(Thread.isMainThread)
                XCTAssertEqual(value, "from the background")
                delivered.fulfill()
            }
            // Subjects are not Sendable, on Apple platforms either, but may be sent to from any
            // thread: the test does what a StoreKit listener task does.
            nonisolated(unsafe) let background = subject
            DispatchQueue.global().async { background.send("from the background") }
            wait(for: [delivered], timeout: 5)
            cancellable.cancel()
        }

        func testReceiveOnAnyQueueAndCompletionToo() {
            let queue = DispatchQueue(label: "com.example.store")
            let finished = expectation(description: "finished on the queue")
            var values: [Int] = []
            let cancellable = [1, 2, 3].publisher.receive(on: queue).sink(
                receiveCompletion: { _ in finished.fulfill() }, receiveValue: { values.append($0) })
            wait(for: [finished], timeout: 5)
            XCTAssertEqual(values, [1, 2, 3])
            cancellable.cancel()
        }

        func testACancelledSubscriptionGetsNothingAlreadyScheduled() {
            let subject = PassthroughSubject<Int, Never>()
            var values: [Int] = []
            let cancellable = subject.receive(on: DispatchQueue.main).sink { values.append($0) }
            subject.send(1)
            cancellable.cancel()
            let drained = expectation(description: "the main queue ran what was scheduled")
            DispatchQueue.main.async { drained.fulfill() }
            wait(for: [drained], timeout: 5)
            XCTAssertEqual(values, [])
        }

        func testDebounceSendsTheLastValueOfABurst() async {
            let subject = PassthroughSubject<String, Never>()
            let settled = expectation(description: "the burst settled")
            var values: [String] = []
            let cancellable = subject.debounce(for: .milliseconds(50), scheduler: DispatchQueue.main).sink {
                values.append($0)
                settled.fulfill()
            }
            subject.send("p")
            subject.send("pr")
            subject.send("pro")
            await fulfillment(of: [settled], timeout: 5)
            XCTAssertEqual(values, ["pro"])
            cancellable.cancel()
        }

        func testDebounceOnRunLoopMainWithASecondsLiteral() {
            let subject = PassthroughSubject<Int, Never>()
            let settled = expectation(description: "settled")
            var values: [Int] = []
            let cancellable = subject.debounce(for: 0.05, scheduler: RunLoop.main).sink {
                values.append($0)
                settled.fulfill()
            }
            subject.send(1)
            subject.send(2)
            wait(for: [settled], timeout: 5)
            XCTAssertEqual(values, [2])
            cancellable.cancel()
        }

        func testTheStridesReadAsApplesDo() {
            XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.milliseconds(300).magnitude, 300_000_000)
            XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride(floatLiteral: 0.5).magnitude, 500_000_000)
            XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.milliseconds(250).magnitude, 0.25)
            let now = DispatchQueue.main.now
            XCTAssertEqual(now.distance(to: now.advanced(by: .seconds(2))), .seconds(2))
            var ran = false
            ImmediateScheduler.shared.schedule { ran = true }
            XCTAssertTrue(ran)
        }
    }
#endif
