/// A command's options, each declared once as an `@Option`, `@Flag` or `@OptionGroup`
/// property, as swift-argument-parser declares them:
///
///     struct Options: ParsableOptions {
///         @Option("key-id", value: "KID", help: "The key ID a token's header names (kid).")
///         var keyID: String?
///         @Flag("force", help: "Replace a key already registered with this key ID.")
///         var force: Bool
///     }
///
/// The command reads `options.keyID`: a misspelt property does not compile, and `--help`, the
/// man page and the completion scripts list ``definitions``, made from the same declarations.
///
/// Reading works as swift-argument-parser's does: `init()` holds every declaration (read with
/// `Mirror`), and the synthesised `Decodable` initialiser builds each property from the
/// declaration of the same name and the values the command line gave it. Every stored
/// property is therefore one of the wrappers; a derived value is a computed property.
public protocol ParsableOptions: Decodable, Sendable {
    /// The options as declared, none given.
    init()
}

extension ParsableOptions {
    /// Every option, in declaration order (a group's where the group is declared).
    public static var definitions: [OptionDefinition] { declarations().flatMap(\.argument.definitions) }

    /// Splits `arguments` against ``definitions`` and reads them; `--help` is refused here
    /// (a program asks ``GivenArguments/wantsHelp`` of ``GivenArguments/split(_:definitions:command:)``
    /// first when it answers it).
    /// - Throws: `UsageError` naming the option and the value at fault.
    public static func parse(_ arguments: [String], command: String) throws(UsageError) -> Arguments<Self> {
        let given = try GivenArguments.split(arguments, definitions: definitions, command: command)
        return Arguments(options: try read(given), positionals: given.positionals)
    }

    /// The options with the values `given`: a value that does not convert is a `UsageError`
    /// naming the option and the value.
    public static func read(_ given: GivenArguments) throws(UsageError) -> Self {
        let byProperty = Dictionary(
            declarations().map { ($0.property, $0.argument) }, uniquingKeysWith: { first, _ in first })
        do {
            return try Self(
                from: OptionsDecoder(given: given, declarations: byProperty, type: "\(Self.self)"))
        } catch let error as UsageError {
            throw error
        } catch {
            // Only a declaration mistake gets here (a stored property that is not an option);
            // OptionDeclarationTests reads every command's options to catch it before a user does.
            throw UsageError("\(error)")
        }
    }

    /// The options the command line gave, in declaration order: for a command whose options
    /// apply to some of its words only, to refuse one given where it does not apply.
    public var givenOptions: [OptionDefinition] {
        Mirror(reflecting: self).children.compactMap { $0.value as? any DeclaredArgument }.flatMap(\.given)
    }

    /// The declared wrappers by property name (`Mirror` shows `_keyID` for `keyID`).
    static func declarations() -> [(property: String, argument: any DeclaredArgument)] {
        Mirror(reflecting: Self()).children.compactMap { child in
            guard let label = child.label, let argument = child.value as? any DeclaredArgument else {
                return nil
            }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, argument)
        }
    }
}

/// A command line read: the typed options and the positional words, which the command
/// interprets itself (an action, files).
public struct Arguments<Options: ParsableOptions>: Sendable {
    public var options: Options
    public var positionals: [String]

    public init(options: Options, positionals: [String] = []) {
        self.options = options
        self.positionals = positionals
    }
}

/// What `@Option`, `@Flag` and `@OptionGroup` have in common: the options
/// they declare, and of those the ones given.
protocol DeclaredArgument: Sendable {
    var definitions: [OptionDefinition] { get }
    var given: [OptionDefinition] { get }
}
