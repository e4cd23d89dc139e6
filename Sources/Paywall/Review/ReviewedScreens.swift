import Synchronization

/// The screens a review has checked, by what determines each (its `AppState` with template,
/// size and plan chosen; the theme is the review's), shared by the review's workers: a screen
/// met again, for another customer state or locale, is not rendered again.
final class ReviewedScreens: Sendable {
    private let checked = Mutex<[AppState: [ReviewFinding]]>([:])
    private let rendered = Atomic<Int>(0)

    /// How many screens were rendered and checked.
    var renders: Int { rendered.load(ordering: .relaxed) }

    /// The findings on `state`'s screen, from `check` the first time it is met; nil when the
    /// review does not judge the screen (``PaywallReview/isJudged(_:)``).
    func findings(for state: AppState, check: (AppState) -> [ReviewFinding]) -> [ReviewFinding]? {
        guard PaywallReview.isJudged(state) else { return nil }
        if let known = checked.withLock({ $0[state] }) { return known }
        // Not under the lock: the check renders, and the other workers go on meanwhile.
        rendered.wrappingAdd(1, ordering: .relaxed)
        let found = check(state)
        checked.withLock { $0[state] = found }
        return found
    }
}
