import SourceDiagnostics

/// A command line split against a command's option definitions, before any value is read:
/// the values of each option by its name, the flags given, and the positional words.
/// Shaped after swift-argument-parser's first pass, small enough to read in one sitting.
public struct GivenArguments: Sendable, Equatable {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    /// `--help` or `-h` was given (anywhere before `--`).
    public private(set) var wantsHelp = false

    /// Splits `arguments` against `definitions`. Accepts `--name value`, `--name=value`, `--` to
    /// end options, and `-` as a positional (standard input). `--help`/`-h` is always accepted.
    /// - Throws: `UsageError` naming the unknown option (with the closest known one), the option
    ///   missing its value, a value given to a flag, or an option given twice.
    public static func split(_ arguments: [String], definitions: [OptionDefinition], command: String)
        throws(UsageError) -> GivenArguments
    {
        var given = GivenArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                given.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                given.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(
                    "unknown option '\(argument)' for '\(command)'; a value beginning with '-' (such as a "
                        + "product ID) goes after '--', which ends the options: \(command) ... -- \(argument)",
                    word: argument)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let definition = definitions.first(where: { $0.name == name }) else {
                throw UsageError(
                    Suggestion.appending(
                        to: "unknown option '--\(name)' for '\(command)'", word: "--\(name)",
                        candidates: definitions.map { "--\($0.name)" } + ["--help"]),
                    word: argument)
            }
            guard let valueName = definition.valueName else {
                if inlineValue != nil { throw UsageError("'--\(name)' takes no value", word: argument) }
                given.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("'--\(name)' needs a value (\(valueName))", word: argument)
            }
            if given.values[name] != nil, !definition.isRepeatable {
                throw UsageError("'--\(name)' is given twice", word: argument)
            }
            given.values[name, default: []].append(value)
        }
        return given
    }
}
