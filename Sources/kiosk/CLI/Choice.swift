import SourceDiagnostics

/// Refusing a value that is not one of an option's choices, the same way everywhere: the
/// choices, what was given, and the nearest choice when the value reads as a typo
/// (`--theme sunst` → `did you mean 'sunset'?`).
enum Choice {
    static func refusal(_ option: String, value: String, choices: [String]) -> UsageError {
        UsageError(message(option, value: value, choices: choices))
    }

    static func message(_ option: String, value: String, choices: [String]) -> String {
        Suggestion.appending(
            to: "\(option) must be one of \(choices.joined(separator: ", ")), got '\(value)'", word: value,
            candidates: choices)
    }
}
