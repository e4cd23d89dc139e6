import Foundation

/// `try await super.setUp()` (or `tearDown()`) in a main-actor test class: Xcode's XCTest
/// declares the async `setUp()` and `tearDown()` on the main actor, Linux's declares them
/// nonisolated, so in the Swift 6 language mode the call sends the (non-Sendable) test case off
/// the main actor and the compiler refuses it ("sending value of non-Sendable type
/// 'XCTestCase' risks causing data races"; tried with Swift 6.3, in every package setting). No
/// override or shim can change the inherited declaration's isolation, so the planner builds such a
/// test target in the Swift 5 language mode with complete concurrency checking, where the same
/// finding is a warning and the test runs as on Apple (the call hops off the main actor and back).
enum MainActorSuperCalls {
    /// The first line that awaits `super.setUp()`/`super.tearDown()` in a file whose test class
    /// is main-actor isolated, or nil.
    static func firstLine(in text: String, facts: SwiftSourceFacts, defaultMainActor: Bool) -> Int? {
        let lines = SwiftUIUsage.codeLines(text)
        let mainActor = defaultMainActor || lines.contains { $0.contains("@MainActor") }
        guard mainActor else { return nil }
        for (index, line) in lines.enumerated() {
            let compact = line.replacingOccurrences(of: " ", with: "")
            if compact.contains("awaitsuper.setUp()") || compact.contains("awaitsuper.tearDown()") {
                return index + 1
            }
        }
        return nil
    }
}
