import SourceDiagnostics

/// Declares one option of a command: `--name VALUE` (or `--name=VALUE`) when it takes a
/// value, a flag `--name` otherwise.
struct OptionSpec: Sendable {
    var name: String
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once (each value is kept).
    var isRepeatable = false

    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    static func option(_ name: String, value: String, help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: value, help: help, isRepeatable: repeatable)
    }
}

/// Command-line arguments split into options, flags and positional values, shaped after
/// swift-argument-parser but small enough to read in one sitting.
struct ParsedArguments: Sendable, Equatable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `specs`. Accepts `--name value`, `--name=value`, `--` to end
    /// options, and `-` as a positional (standard input). `--help`/`-h` is always a flag.
    static func parse(_ arguments: [String], specs: [OptionSpec], command: String) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(
                    "unknown option '\(argument)' for '\(command)'; a value beginning with '-' (such as a "
                        + "product ID) goes after '--', which ends the options: \(command) ... -- \(argument)"
                )
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError(
                    Suggestion.appending(
                        to: "unknown option '--\(name)' for '\(command)'", word: "--\(name)",
                        candidates: specs.map { "--\($0.name)" } + ["--help"]))
            }
            if spec.valueName == nil {
                if inlineValue != nil { throw UsageError("'--\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("'--\(name)' needs a value (\(spec.valueName ?? "VALUE"))")
            }
            if parsed.values[name] != nil, !spec.isRepeatable {
                throw UsageError("'--\(name)' is given twice")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option given at most once.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
}

/// A mistake in how a command was called. Main prints it with the usage line and exits 64.
struct UsageError: Error, CustomStringConvertible, Equatable {
    var description: String

    init(_ description: String) { self.description = description }
}
