import Paywall
import TerminalUI
import Testing

/// The key maps against their action types: every action is reachable, no binding is dead.
@Suite struct KeyMapsTests {
    func check<Action: CaseIterable & Hashable & Sendable>(_ map: KeyMap<Action>, _ name: String) {
        let bound = map.bindings.map(\.action) + (map.otherKeys.map { [$0.action] } ?? [])
        #expect(Set(bound) == Set(Action.allCases), "\(name): every action has a key, and only once")
        #expect(bound.count == Action.allCases.count, "\(name): an action bound twice")
        var seen: Set<Key> = []
        for binding in map.bindings {
            for key in binding.keys {
                // The first binding listing a key wins: a second one would never fire.
                #expect(seen.insert(key).inserted, "\(name): \(key) is bound twice")
            }
        }
    }

    @Test func everyActionHasAKeyAndEveryKeyOneAction() {
        check(KeyMaps.paywall, "paywall")
        check(KeyMaps.manager, "manager")
        check(KeyMaps.sheet, "sheet")
        check(KeyMaps.policy, "policy")
        check(KeyMaps.redeem, "redeem")
        check(KeyMaps.accounts, "accounts")
        check(KeyMaps.help, "help")
    }

    /// `?` lists the keys in front of every screen that has more than one.
    @Test func questionMarkIsBoundEverywhere() {
        #expect(KeyMaps.paywall.action(for: .character("?")) == .help)
        #expect(KeyMaps.manager.action(for: .character("?")) == .keys)
        #expect(KeyMaps.sheet.action(for: .character("?")) == .help)
        #expect(KeyMaps.policy.action(for: .character("?")) == .help)
        #expect(KeyMaps.redeem.action(for: .character("?")) == .help)
        #expect(KeyMaps.accounts.action(for: .character("?")) == .help)
        #expect(KeyMaps.help.action(for: .character("?")) == .close)
    }

    /// Each overlay's help page is its own map's, so help cannot list keys another screen has.
    @Test func eachScreenHasItsOwnPage() {
        let titles = KeyMaps.all.map(\.title)
        #expect(Set(titles).count == titles.count)
        #expect(KeyMaps.page(for: nil).rows == KeyMaps.paywall.help)
        #expect(KeyMaps.page(for: .transactionManager).rows == KeyMaps.manager.help)
        #expect(KeyMaps.page(for: .help(over: nil)).rows == KeyMaps.help.help)
    }

    /// The status line's key hint is the paywall map's own bindings.
    @Test func theStatusHintComesFromTheMap() {
        #expect(KeyMaps.paywall.helpLine(only: [.help, .quit]) == "? help · q quit")
    }
}

extension KeyMapsTests {
    /// The dialogs' hint lines name the keys their maps bind.
    @Test func dialogHintsComeFromTheMaps() {
        #expect(KeyMaps.sheet.hintLine() == "enter confirm · esc cancel")
        #expect(KeyMaps.policy.hintLine() == "↑/↓ scroll · esc close")
        #expect(KeyMaps.redeem.hintLine() == "enter redeem · esc cancel")
        #expect(KeyMaps.accounts.hintLine() == "enter choose · esc close")
        // The price-increase banner's answer keys.
        #expect(
            KeyMaps.paywall.hintLine(only: [.acceptIncrease, .declineIncrease]) == "y accept · n decline")
    }
}
