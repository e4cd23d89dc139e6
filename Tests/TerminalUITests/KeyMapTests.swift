import TerminalUI
import Testing

@Suite struct KeyMapTests {
    enum Action: Hashable, Sendable { case up, quit, type }

    let map = KeyMap<Action>(
        [
            KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "up", action: .up),
            KeyBinding(keys: [.character("q")], description: "quit", action: .quit),
        ], otherKeys: KeyBinding(keys: [], label: "other keys", description: "type", action: .type))

    @Test func keysNoBindingListsGoToOtherKeys() {
        #expect(map.action(for: .character("k")) == .up)
        #expect(map.action(for: .character("x")) == .type)
        #expect(KeyMap(map.bindings).action(for: .character("x")) == nil)
    }

    @Test func helpListsOtherKeysLast() {
        #expect(
            map.help == [
                KeyHelp(label: "↑/k", description: "up"), KeyHelp(label: "q", description: "quit"),
                KeyHelp(label: "other keys", description: "type"),
            ])
        // The hint line lists only real bindings.
        #expect(map.helpLine() == "↑/k up · q quit")
    }

    @Test func aHintLineOfSomeActions() {
        #expect(map.helpLine(only: [.quit]) == "q quit")
        #expect(map.helpLine(only: [.quit, .up]) == "↑/k up · q quit")
    }
}
