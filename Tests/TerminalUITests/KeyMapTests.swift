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

    /// A hint names each hinted binding by its first key; neighbours with one hint share it.
    @Test func hintLineMergesNeighbours() {
        let map = KeyMap<Action>([
            KeyBinding(
                keys: [.up, .character("k")], label: "↑/k", description: "up", hint: "move", action: .up),
            KeyBinding(keys: [.down], label: "↓", description: "down", hint: "move", action: .type),
            KeyBinding(keys: [.pageUp], description: "page", action: .type),
            KeyBinding(
                keys: [.escape, .character("q")], label: "esc/q", description: "quit", hint: "quit",
                action: .quit),
        ])
        #expect(map.hintLine() == "↑/↓ move · esc quit")
        #expect(map.hintLine(only: [.quit]) == "esc quit")
        #expect(KeyMap<Action>([]).hintLine().isEmpty)
    }
}
