import Dispatch
import StoreCore
import Synchronization
import TerminalUI

/// The screens a review has checked, by what determines each (its `AppState` with template,
/// size and plan chosen, signatures left out: ``AppState/screenKey``; the theme is the
/// review's), shared by the review's workers: a screen met again, for another customer state
/// or locale, is not rendered again, and one met while another worker checks it is waited for.
final class ReviewedScreens: Sendable {
    /// A screen's findings, or the check that will give them, still running on another worker.
    private enum Entry: Sendable {
        case checking(DispatchGroup)
        case checked([ReviewFinding])
    }

    private let entries = Mutex<[ScreenIdentity: Entry]>([:])
    private let rendered = Atomic<Int>(0)

    /// How many screens were rendered and checked: each distinct one once.
    var renders: Int { rendered.load(ordering: .relaxed) }

    /// The findings on `state`'s screen, from `check` the first time it is met; nil when the
    /// review does not judge the screen (``PaywallReview/isJudged(_:)``).
    func findings(for state: AppState, check: (AppState) -> [ReviewFinding]) -> [ReviewFinding]? {
        guard PaywallReview.isJudged(state) else { return nil }
        // Hashed here, once, outside the lock (see `ScreenIdentity`).
        let key = ScreenIdentity(state.screenKey)
        let started = DispatchGroup()
        let known = entries.withLock { entries -> Entry? in
            if let entry = entries[key] { return entry }
            started.enter()
            entries[key] = .checking(started)
            return nil
        }
        switch known {
        case .checked(let found):
            return found
        case .checking(let running):
            // Another worker renders it (a screen takes a millisecond): waiting costs less than
            // rendering it twice, and the worker waited for never waits itself.
            running.wait()
            guard case .checked(let found) = entries.withLock({ $0[key] }) else { return check(state) }
            return found
        case nil:
            // Not under the lock: the check renders, and the other workers go on meanwhile.
            rendered.wrappingAdd(1, ordering: .relaxed)
            let found = check(state)
            entries.withLock { $0[key] = .checked(found) }
            started.leave()
            return found
        }
    }
}

/// A screen's state with its hash worked out once. An `AppState` hashes every string it holds,
/// the paywall's words in every locale among them: `kiosk lint --review`'s profile put a quarter
/// of the review's time in hashing keys, three times a screen (look up, mark as being checked,
/// store the findings) and again at every resize of the table, all under the lock the workers
/// share. Equal states still compare whole, so a collision never merges two screens.
struct ScreenIdentity: Hashable, Sendable {
    let state: AppState
    private let hash: Int

    init(_ state: AppState) {
        self.state = state
        // What tells the review's screens apart, hashed cheaply: hashing a whole `AppState` runs
        // every non-ASCII string through Unicode normalization (a twentieth of the review).
        // Screens alike in these share a bucket and are told apart by `==`, which compares all.
        // The locale goes in as bytes and the language and group as lengths: a version that
        // combined them as `String`s, without the counts, put the review at 2.21 s of CPU
        // against this one's 1.83 s.
        var hasher = Hasher()
        hasher.combine(state.content.template)
        hasher.combine(state.size.columns)
        hasher.combine(state.size.rows)
        hasher.combine(state.planIndex)
        hasher.combine(state.content.strings.language.utf8.count)
        hasher.combine(state.store.groupID?.utf8.count)
        hasher.combine(state.store.entitlements.count)
        hasher.combine(state.store.statuses.count)
        hasher.combine(state.store.records.count)
        hasher.combine(state.store.settings.askToBuyEnabled)
        hasher.combine(state.store.isEligibleForIntroOffer)
        for status in state.store.statuses { hasher.combine(status.state) }
        // Product IDs are ASCII: hashed without normalization.
        for entitlement in state.store.entitlements {
            hasher.combine(entitlement.unsafePayloadValue.productID)
        }
        for byte in state.content.locale.utf8 { hasher.combine(byte) }
        hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.state == rhs.state }
}
