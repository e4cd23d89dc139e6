import SourceDiagnostics

/// A mistake in how a command was called: an unknown option, a missing or bad value, a wrong
/// positional word. The program prints it with the usage line and exits 64 (EX_USAGE).
public struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    /// The word at fault, when one is (the unknown option, the refused value), so a caller that
    /// read the words from a file (a rehearsal) can point at its column. Where, not what: two
    /// errors that say the same are equal wherever they point.
    public var word: String?

    public init(_ description: String, word: String? = nil) {
        self.description = description
        self.word = word
    }

    public static func == (lhs: UsageError, rhs: UsageError) -> Bool { lhs.description == rhs.description }
}

/// Refusing a value that is not one of an option's choices, the same way everywhere: the
/// choices, what was given, and the nearest choice when the value reads as a typo
/// (`--theme sunst` → `did you mean 'sunset'?`).
public enum Choice {
    public static func refusal(_ option: String, value: String, choices: [String]) -> UsageError {
        UsageError(message(option, value: value, choices: choices))
    }

    public static func message(_ option: String, value: String, choices: [String]) -> String {
        Suggestion.appending(
            to: "\(option) must be one of \(choices.joined(separator: ", ")), got '\(value)'", word: value,
            candidates: choices)
    }
}
