/// `--name VALUE`: an option taking a value, declared once with its help.
///
///     @Option("out", value: "DIR", help: "Where to write the files.") var out: String?
///     @Option("style", value: "STYLE", help: "...", choices: ControlStyle.self) var style: ControlStyle?
///     @Option("pace", value: "MS", help: "...", transform: Pace.init(option:)) var pace: Pace?
///
/// The value is nil when the option is not given. `$out` is its ``OptionDefinition``, for
/// messages that name it.
@propertyWrapper
public struct Option<Value: Sendable>: Decodable, Sendable, DeclaredArgument {
    public let definition: OptionDefinition
    /// The value from the texts given (none, or one unless the option is repeatable).
    private let read: @Sendable (_ texts: [String]) throws(UsageError) -> Value
    public private(set) var wrappedValue: Value
    /// Whether the command line gave the option (its value may equal the absent one).
    private var isGiven = false

    public var projectedValue: OptionDefinition { definition }
    var definitions: [OptionDefinition] { [definition] }
    var given: [OptionDefinition] { isGiven ? [definition] : [] }

    /// `absent` is the value when the option is not given; `read` makes it from the texts given.
    private init(
        _ definition: OptionDefinition, absent: Value,
        read: @escaping @Sendable (_ texts: [String]) throws(UsageError) -> Value
    ) {
        self.definition = definition
        self.read = read
        wrappedValue = absent
    }

    public init(from decoder: any Decoder) throws {
        let (declared, given) = try PropertyDecoder.declaration(of: Self.self, in: decoder)
        self = declared
        if let texts = given.values[definition.name] {
            wrappedValue = try declared.read(texts)
            isGiven = true
        }
    }
}

extension Option {
    /// An option whose value is converted by `transform`, which throws a `UsageError` naming
    /// the option and the value it refuses.
    public init<Wrapped: Sendable>(
        _ definition: OptionDefinition,
        transform: @escaping @Sendable (_ text: String) throws(UsageError) -> Wrapped
    ) where Value == Wrapped? {
        self.init(definition, absent: nil) { texts throws(UsageError) in try texts.last.map(transform) }
    }

    /// `--name VALUE`, its text as given.
    public init(_ definition: OptionDefinition) where Value == String? {
        self.init(definition, absent: nil) { texts in texts.last }
    }

    public init(_ name: String, value: String, help: String, completion: CompletionValues? = nil)
    where Value == String? {
        self.init(.option(name, value: value, help: help, completion: completion))
    }

    public init<Wrapped: Sendable>(
        _ name: String, value: String, help: String, completion: CompletionValues? = nil,
        transform: @escaping @Sendable (_ text: String) throws(UsageError) -> Wrapped
    ) where Value == Wrapped? {
        self.init(.option(name, value: value, help: help, completion: completion), transform: transform)
    }

    /// One of an enumeration's cases by its raw value; a shell completes the cases, and any other
    /// value is refused with the list and the closest case.
    public init<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, value: String, help: String, choices _: Choice.Type
    ) where Value == Choice?, Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        self.init(.option(name, value: value, help: help, completion: .words(names))) {
            (text: String) throws(UsageError) -> Choice in
            guard let choice = Choice(rawValue: text) else {
                throw CommandLineOptions.Choice.refusal("--\(name)", value: text, choices: names)
            }
            return choice
        }
    }

    /// A repeatable `--name VALUE` (a `[String]` property): every value, in the order given.
    public init(_ name: String, value: String, help: String, completion: CompletionValues? = nil)
    where Value == [String] {
        self.init(
            .option(name, value: value, help: help, repeatable: true, completion: completion), absent: []
        ) {
            $0
        }
    }
}

/// `--name`: a flag, false unless given.
@propertyWrapper
public struct Flag: Decodable, Sendable, DeclaredArgument {
    public let definition: OptionDefinition
    public private(set) var wrappedValue = false

    public var projectedValue: OptionDefinition { definition }
    var definitions: [OptionDefinition] { [definition] }
    var given: [OptionDefinition] { wrappedValue ? [definition] : [] }

    /// A shared flag's definition (its name and help; a flag takes no value whatever it says).
    public init(_ definition: OptionDefinition) {
        self.definition = .flag(definition.name, help: definition.help)
    }

    public init(_ name: String, help: String) { self.init(.flag(name, help: help)) }

    public init(from decoder: any Decoder) throws {
        let (declared, given) = try PropertyDecoder.declaration(of: Self.self, in: decoder)
        self = declared
        wrappedValue = given.flags.contains(definition.name)
    }
}

/// Options several commands share, declared once as their own ``ParsableOptions`` and placed in
/// a command's options where they appear in its help: `@OptionGroup var store: StoreOptionGroup`.
@propertyWrapper
public struct OptionGroup<Group: ParsableOptions>: Decodable, Sendable, DeclaredArgument {
    public private(set) var wrappedValue: Group

    var definitions: [OptionDefinition] { Group.definitions }
    var given: [OptionDefinition] { wrappedValue.givenOptions }

    public init() { wrappedValue = Group() }

    public init(from decoder: any Decoder) throws {
        let (_, given) = try PropertyDecoder.declaration(of: Self.self, in: decoder)
        wrappedValue = try Group.read(given)
    }
}
