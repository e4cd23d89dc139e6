import TerminalUI

extension KeyMaps {
    /// The key reference (`docs/keys.md`, `kiosk help keys guide`) made from the key maps themselves, so
    /// the document can never list a key the paywall does not have, or miss one it does.
    public static func reference() -> String {
        var lines = [
            "# Keys",
            "",
            "<!-- Generated from the key maps (Sources/Paywall/Update/KeyMaps.swift) by `kiosk help keys guide`;",
            "     KeyReferenceTests fails when this file and the key maps differ. -->",
            "",
            "Every key of the paywall and of each screen in front of it. `?` lists the keys of whatever is",
            "in front: the paywall's, a dialog's, or, in the Transaction Manager, all of its own in place of",
            "the transactions (its hint line at the bottom shows as many as fit). `ctrl-c` quits from anywhere.",
        ]
        for page in all {
            lines += ["", "## \(page.screen)", "", "| key | what it does |", "| --- | --- |"]
            for binding in page.bindings {
                // "↑/k" is two keys for one action: list each in its own code span.
                let keys = binding.label.split(separator: "/").map { "`\($0)`" }.joined(separator: " ")
                lines.append("| \(keys) | \(binding.description) |")
            }
            if let other = page.otherKeys { lines.append("| \(other.label) | \(other.description) |") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
