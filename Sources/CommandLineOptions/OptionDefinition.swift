/// One option of a command as `--help`, the man page and the completion scripts show it:
/// `--name VALUE` (or `--name=VALUE`) when it takes a value, a flag `--name` otherwise.
///
/// Commands do not build these by hand: each `@Option` and `@Flag` of a command's
/// ``ParsableOptions`` holds one, and ``ParsableOptions/definitions`` lists them in declaration
/// order. A definition shared by several commands (`--state DIR`) is declared once as a
/// constant and given to each `@Option`.
public struct OptionDefinition: Sendable, Equatable {
    public var name: String
    /// The placeholder of the value (`FILE`, `HOST:PORT`); nil for a flag.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given more than once (each value is kept).
    public var isRepeatable: Bool
    /// What a shell offers after `--name`.
    public var completion: CompletionValues

    public init(
        name: String, valueName: String?, help: String, isRepeatable: Bool = false,
        completion: CompletionValues? = nil
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isRepeatable = isRepeatable
        self.completion = completion ?? valueName.map(CompletionValues.guessed(forValueName:)) ?? .none
    }

    public static func flag(_ name: String, help: String) -> OptionDefinition {
        OptionDefinition(name: name, valueName: nil, help: help)
    }

    public static func option(
        _ name: String, value: String, help: String, repeatable: Bool = false,
        completion: CompletionValues? = nil
    ) -> OptionDefinition {
        OptionDefinition(
            name: name, valueName: value, help: help, isRepeatable: repeatable, completion: completion)
    }

    /// `--help`, which every command accepts.
    public static let help = OptionDefinition.flag("help", help: "Show this help.")

    /// `--name VALUE`, or `--name` for a flag: how help and usage lines show it.
    public var label: String { valueName.map { "--\(name) \($0)" } ?? "--\(name)" }
}

/// Where a shell's completion of an option's value or a positional word comes from.
public struct CompletionValues: Sendable, Equatable {
    public var words: [String]
    /// Asked of the program while completing (`kiosk completions --list KIND`): values only the
    /// running program knows, such as product IDs and accounts.
    public var dynamic: String?
    public var files: Bool
    public var directories: Bool

    public init(words: [String] = [], dynamic: String? = nil, files: Bool = false, directories: Bool = false)
    {
        self.words = words
        self.dynamic = dynamic
        self.files = files
        self.directories = directories
    }

    public static let none = CompletionValues()
    public static let files = CompletionValues(files: true)
    public static let directories = CompletionValues(directories: true)
    public static func words(_ words: [String]) -> CompletionValues { CompletionValues(words: words) }
    public static func dynamic(_ kind: String) -> CompletionValues { CompletionValues(dynamic: kind) }

    /// An option declared without a completion: a `DIR` completes directories, a `FILE` files,
    /// anything else nothing (a shell's own default would offer files where no file belongs).
    public static func guessed(forValueName valueName: String) -> CompletionValues {
        if valueName.contains("DIR") { return .directories }
        return valueName.contains("FILE") ? .files : .none
    }
}
