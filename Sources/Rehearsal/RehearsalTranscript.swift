import Paywall
import TerminalUI

/// The text `kiosk rehearse --record` writes for the keys a tester pressed: one `press` line per
/// key (repeats folded into `press KEY N`), the Transaction Manager's actions named in a comment,
/// so the file reads back (`RehearsalParser`) as the same keys.
public enum RehearsalTranscript {
    /// A key as a rehearsal word: quoted when it would start a comment or a quote.
    public static func word(_ key: Key) -> String {
        let name = "\(key)"
        guard name == "#" || name == "\"" else { return name }
        return name == "#" ? "\"#\"" : "\"\\\"\""
    }

    /// What a key did in the Transaction Manager, as its key map says (nil elsewhere).
    public static func note(for key: Key, overlay: Overlay?) -> String? {
        guard case .transactionManager = overlay,
            let binding = KeyMaps.manager.bindings.first(where: { $0.keys.contains(key) })
        else { return nil }
        return "Transaction Manager: \(binding.description)"
    }

    /// The rehearsal text for recorded keys: repeats folded into `press KEY N`, the manager's
    /// actions named in a comment.
    public static func lines(keys: [Key], notes: [String?], catalog: String) -> [String] {
        var lines = [
            "# Recorded with kiosk rehearse --record. Add expect lines (docs/rehearsals.md), then run it.",
            "catalog \(catalog)",
        ]
        var index = 0
        while index < keys.count {
            var count = 1
            while index + count < keys.count, keys[index + count] == keys[index],
                notes[index + count] == notes[index]
            {
                count += 1
            }
            lines.append(
                "press \(word(keys[index]))" + (count > 1 ? " \(count)" : "")
                    + (notes[index].map { "   # \($0)" } ?? ""))
            index += count
        }
        return lines
    }
}
