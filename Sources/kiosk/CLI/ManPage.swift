import Foundation

/// kiosk(1) in roff, made from the same option tables, usages and discussions as `--help`, so
/// the man page and the help never disagree.
enum ManPage {
    static func render() -> String {
        var page: [String] = [
            ".TH KIOSK 1 \"\" \"Kiosk\" \"User Commands\"", ".SH NAME",
            "kiosk \\- " + escape(PaywallCommand.summary), ".SH SYNOPSIS",
        ]
        var usages: [String] = [PaywallCommand.usage]
        for command in CommandRegistry.subcommands { usages.append(command.usage) }
        for usage in usages {
            for line in usage.split(separator: "\n") {
                page += [".nf", escape(String(line).trimmingCharacters(in: .whitespaces)), ".fi"]
            }
        }
        page.append(".SH DESCRIPTION")
        page += paragraphs(PaywallCommand.discussion)
        page.append(".SH OPTIONS")
        page += options(PaywallCommand.options)
        page.append(".SH COMMANDS")
        for command in CommandRegistry.subcommands {
            page += [".SS " + escape("kiosk \(command.name)"), escape(command.summary)]
            page += options(command.options)
            page += paragraphs(command.discussion)
        }
        page += [
            ".SH FILES", ".TP", "\\fI$XDG_STATE_HOME/kiosk/\\fR (default \\fI~/.local/state/kiosk/\\fR)",
            "The state directory: ledger, certificate authority, server token, pinned roots, API keys.",
            ".SH SEE ALSO",
            "\\fBkiosk help\\fR TOPIC shows the documentation pages offline; \\fBkiosk help troubleshooting\\fR "
                + "lists symptoms, causes and fixes.",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    private static func options(_ specs: [OptionSpec]) -> [String] {
        var lines: [String] = []
        for spec in specs {
            var name = "\\fB\\-\\-" + escape(spec.name) + "\\fR"
            if let value = spec.valueName { name += " \\fI" + escape(value) + "\\fR" }
            lines += [".TP", name, escape(spec.help)]
        }
        return lines
    }

    private static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            let lines = paragraph.components(separatedBy: "\n")
            // Indented blocks (exit status tables, action lists) keep their lines.
            if lines.dropFirst().contains(where: { $0.hasPrefix("  ") }) {
                result += [".PP", ".nf"]
                result += lines.map { escape($0) }
                result.append(".fi")
            } else {
                result += [".PP", escape(lines.joined(separator: " "))]
            }
        }
        return result
    }

    /// Backslashes and leading dots or quotes would be read as roff.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            // groff reads its input as Latin-1 unless told otherwise: anything past ASCII goes
            // in as a named code point, which every groff prints.
            case _ where !scalar.isASCII: escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
