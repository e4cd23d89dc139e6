/// What a shell can complete on a program's command line: its commands, each with its options
/// (their definitions say what their values are) and its positional words. A program builds it
/// from the same declarations as its `--help`, so a new command or option completes without
/// touching the scripts (``CompletionScript``).
public struct CompletionTable: Sendable {
    /// One command: its options, and what its positional words are.
    public struct Entry: Sendable {
        /// The word after the program's name; empty for the program itself.
        public var name: String
        public var summary: String
        /// Every option, `--help` included.
        public var options: [OptionDefinition]
        public var positionals: PositionalCompletion

        public init(
            name: String, summary: String, options: [OptionDefinition],
            positionals: PositionalCompletion = .none
        ) {
            self.name = name
            self.summary = summary
            self.options = options
            self.positionals = positionals
        }

        /// `--name` of every option taking a value.
        var valuedOptions: [String] { options.filter { $0.valueName != nil }.map { "--" + $0.name } }
    }

    /// The program's name, as typed (`kiosk`); its scripts' functions are named after it.
    public var program: String
    /// The program itself, with no command word.
    public var root: Entry
    public var commands: [Entry]
    /// The command that prints the scripts (`completions`); the scripts run
    /// `PROGRAM COMMAND --list KIND` for the dynamic values (``CompletionValues/dynamic``).
    public var completionsCommand: String
    /// Options the dynamic values depend on (`--state`, `--catalog`): passed on, with their
    /// values, from the line being completed to the list command.
    public var contextOptions: [String]

    public init(
        program: String, root: Entry, commands: [Entry], completionsCommand: String, contextOptions: [String]
    ) {
        self.program = program
        self.root = root
        self.commands = commands
        self.completionsCommand = completionsCommand
        self.contextOptions = contextOptions
    }
}

/// What a command's positional words complete to.
public struct PositionalCompletion: Sendable {
    /// The second word, by the first: `store buy PRODUCT`, `preset apply NAME`.
    public struct AfterFirst: Sendable {
        public var first: [String]
        public var values: CompletionValues

        public init(_ first: [String], _ values: CompletionValues) {
            self.first = first
            self.values = values
        }
    }

    /// The first positional word (an action, a topic).
    public var first: CompletionValues
    public var second: [AfterFirst]
    /// Any later one (lint's files).
    public var rest: CompletionValues

    public init(first: CompletionValues = .none, second: [AfterFirst] = [], rest: CompletionValues = .none) {
        self.first = first
        self.second = second
        self.rest = rest
    }

    public static let none = PositionalCompletion()
}
