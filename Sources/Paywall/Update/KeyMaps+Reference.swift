import TerminalUI

extension KeyMaps {
    /// The key reference (`docs/keys.md`, `kiosk help keys`) made from the key maps themselves, so
    /// the document can never list a key the paywall does not have, or miss one it does.
    public static func reference() -> String {
        var lines = [
            "# Keys",
            "",
            "<!-- Generated from the key maps (Sources/Paywall/Update/KeyMaps.swift) by `kiosk help keys`;",
            "     KeyReferenceTests fails when this file and the key maps differ. -->",
            "",
            "Every key of the paywall and of each screen in front of it. Inside the paywall `?` shows the",
            "paywall's keys, and `?` in the Transaction Manager lists all of its own; the hint line at the",
            "bottom shows as many as fit. `ctrl-c` quits from anywhere; the help screen closes on any key.",
        ]
        for (screen, map) in all {
            lines += ["", "## \(screen)", "", "| key | what it does |", "| --- | --- |"]
            for binding in map.bindings {
                // "↑/k" is two keys for one action: list each in its own code span.
                let keys = binding.label.split(separator: "/").map { "`\($0)`" }.joined(separator: " ")
                lines.append("| \(keys) | \(binding.description) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
