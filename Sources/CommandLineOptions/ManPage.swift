/// A section-1 man page in roff, made from the same declarations, usages and discussions as
/// `--help`, so the man page and the help never disagree.
public struct ManPage: Sendable {
    /// One subcommand's part of the page.
    public struct Command: Sendable {
        /// As typed (`kiosk lint`).
        public var name: String
        public var summary: String
        public var options: [OptionDefinition]
        public var discussion: String

        public init(name: String, summary: String, options: [OptionDefinition], discussion: String) {
            self.name = name
            self.summary = summary
            self.options = options
            self.discussion = discussion
        }
    }

    /// The program's name (`kiosk`); the title is its upper case.
    public var program: String
    /// The manual's source, the centre footer (`Kiosk`).
    public var source: String
    public var summary: String
    /// Every usage, the program's first; multi-line usages give a line each.
    public var usages: [String]
    public var description: String
    public var options: [OptionDefinition]
    public var commands: [Command]
    /// Sections after COMMANDS (FILES, SEE ALSO), already in roff.
    public var trailer: [String]

    public init(
        program: String, source: String, summary: String, usages: [String], description: String,
        options: [OptionDefinition], commands: [Command], trailer: [String]
    ) {
        self.program = program
        self.source = source
        self.summary = summary
        self.usages = usages
        self.description = description
        self.options = options
        self.commands = commands
        self.trailer = trailer
    }

    public func render() -> String {
        var page: [String] = [
            ".TH \(program.uppercased()) 1 \"\" \"\(source)\" \"User Commands\"", ".SH NAME",
            "\(program) \\- " + Self.escape(summary), ".SH SYNOPSIS",
        ]
        for usage in usages {
            for line in usage.split(separator: "\n") {
                page += [".nf", Self.escape(String(line).trimmingCharacters(in: " ")), ".fi"]
            }
        }
        page.append(".SH DESCRIPTION")
        page += Self.paragraphs(description)
        page.append(".SH OPTIONS")
        page += Self.options(options)
        page.append(".SH COMMANDS")
        for command in commands {
            page += [".SS " + Self.escape(command.name), Self.escape(command.summary)]
            page += Self.options(command.options)
            page += Self.paragraphs(command.discussion)
        }
        page += trailer
        return page.joined(separator: "\n") + "\n"
    }

    private static func options(_ definitions: [OptionDefinition]) -> [String] {
        var lines: [String] = []
        for definition in definitions {
            var name = "\\fB\\-\\-" + escape(definition.name) + "\\fR"
            if let value = definition.valueName { name += " \\fI" + escape(value) + "\\fR" }
            lines += [".TP", name, escape(definition.help)]
        }
        return lines
    }

    private static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: false)
        where !paragraph.isEmpty {
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            // groff reads its input as Latin-1 unless told otherwise: anything past ASCII goes
            // in as a named code point, which every groff prints.
            case _ where !scalar.isASCII: escaped += "\\[u" + hex(scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// At least four upper-case hexadecimal digits, as `%04X` writes them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension String {
    /// Without `characters` at either end.
    fileprivate func trimmingCharacters(in characters: Character) -> String {
        var text = Substring(self)
        while text.first == characters { text = text.dropFirst() }
        while text.last == characters { text = text.dropLast() }
        return String(text)
    }
}
