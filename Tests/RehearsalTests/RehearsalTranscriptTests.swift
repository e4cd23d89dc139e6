import Paywall
import Rehearsal
import TerminalUI
import Testing

/// What `kiosk rehearse --record` writes for the keys pressed.
@Suite struct RehearsalTranscriptTests {
    /// Recorded keys read back as the keys pressed, even `#` and `"`, repeats folded.
    @Test func recordedLinesParseBackToTheKeys() throws {
        let keys: [Key] = [.character("#"), .character("\""), .down, .down, .character("a")]
        let lines = RehearsalTranscript.lines(
            keys: keys, notes: [nil, nil, nil, nil, "Transaction Manager: approve Ask to Buy"],
            catalog: "demo")
        #expect(lines.last == "press a   # Transaction Manager: approve Ask to Buy")
        let script = try RehearsalParser.parse(text: lines.joined(separator: "\n"), file: "r.rehearsal").get()
        var pressed: [Key] = []
        for step in script.steps {
            if case .press(let keys, let count) = step.command {
                for _ in 0..<count { pressed += keys }
            }
        }
        #expect(pressed == keys)
    }

    /// A key pressed in the Transaction Manager is named by its key map; elsewhere it is just a key.
    @Test func managerKeysAreNamed() throws {
        let key = try #require(KeyMaps.manager.bindings.first?.keys.first)
        let note = try #require(RehearsalTranscript.note(for: key, overlay: .transactionManager))
        #expect(note.hasPrefix("Transaction Manager: ") && note.count > "Transaction Manager: ".count)
        #expect(RehearsalTranscript.note(for: key, overlay: nil) == nil)
    }
}
