import CommandLineOptions
import SourceDiagnostics

/// One `kiosk store` action as read: the action, the transaction it acts on (for an action on
/// one), its other positional words and its typed options. The CLI builds it from the options
/// CommandLineOptions read for it, a rehearsal from a line of its file through the same
/// declarations (``parse(_:)``); both then read it with the same code (`operation()`,
/// `request()`), so a rehearsal's `buy ... --offer-code X` means exactly what `kiosk store buy
/// ... --offer-code X` means.
public struct StoreWords: Sendable {
    public var action: StoreAction
    /// `refund last`, `finish 2000000000000002`: nil for an action on no transaction, or one
    /// not given its transaction (``transactionID()`` then says what is missing).
    public var transaction: TransactionArgument?
    /// The positional words after the action and its transaction.
    public var arguments: [String]
    public var options: StoreActionOptions

    /// The words of `action` given `positionals` (after the action's name) and the options read.
    /// - Throws: `StoreWordsError` for an option the action does not read, or a transaction
    ///   that is neither `last` nor an ID.
    public init(
        action: StoreAction, positionals: [String], options: StoreActionOptions = StoreActionOptions()
    )
        throws(StoreWordsError)
    {
        try options.check(for: action)
        self.action = action
        self.options = options
        arguments = positionals
        guard action.takesTransactionID,
            let (transaction, used) = try TransactionArgument.read(positionals, for: action)
        else { return }
        self.transaction = transaction
        arguments.removeFirst(used)
    }

    /// Parses already split words (`["buy", "PRODUCT", "--offer-code", "SPRING"]`) against
    /// ``StoreActionOptions``, as the CLI parses its arguments: `--name value`, `--name=value`,
    /// `--` ends the options.
    /// - Throws: `StoreWordsError` naming the unknown action or option, the missing value or
    ///   the value that does not read, with the word at fault.
    public static func parse(_ words: [String]) throws(StoreWordsError) -> StoreWords {
        guard let first = words.first else {
            throw StoreWordsError("name an action: kiosk store --help lists them")
        }
        guard let action = StoreAction(rawValue: first) else {
            throw StoreWordsError(
                "unknown store action '\(first)'"
                    + (StoreAction.closest(to: first).map { "; did you mean '\($0)'?" }
                        ?? "; kiosk store --help lists them"),
                word: first)
        }
        let options: StoreActionOptions
        let given: GivenArguments
        do throws(UsageError) {
            given = try GivenArguments.split(
                Array(words.dropFirst()), definitions: StoreActionOptions.definitions, command: first)
            options = try StoreActionOptions.read(given)
        } catch {
            throw StoreWordsError(error)
        }
        // Words from a file do not ask for help: `--help` there is a mistake like any other.
        if given.wantsHelp {
            let word = words.first { $0 == "--help" || $0 == "-h" } ?? "--help"
            throw StoreWordsError(
                "unknown option '\(word)' for '\(first)' (kiosk store --help lists the options)", word: word)
        }
        return try StoreWords(action: action, positionals: given.positionals, options: options)
    }

    /// The positional argument at `index` (after the transaction), or an error naming it.
    public func argument(_ index: Int, _ name: String) throws(StoreWordsError) -> String {
        guard index < arguments.count else {
            throw StoreWordsError("'\(action.rawValue)' needs \(name): \(action.synopsis)")
        }
        return arguments[index]
    }

    /// The transaction's ID; `last` must have been resolved (``resolvingLast(in:)``).
    public func transactionID() throws(StoreWordsError) -> UInt64 {
        switch transaction {
        case .id(let id): return id
        case .last(let product):
            throw StoreWordsError(
                "'\(TransactionArgument.last(productID: product))' names a transaction of the store the action "
                    + "runs against: resolve it first")
        case nil: throw StoreWordsError("'\(action.rawValue)' needs a transaction ID: \(action.synopsis)")
        }
    }
}

/// A mistake in a store action's words: the CLI prints it as a usage error (exit 64), a
/// rehearsal as a located error in its file (exit 65).
public struct StoreWordsError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    /// The word at fault, when one is, so a rehearsal can point at its column.
    public var word: String?

    public init(_ description: String, word: String? = nil) {
        self.description = description
        self.word = word
    }

    /// A usage error CommandLineOptions found in the words, with the word it names.
    public init(_ error: UsageError) { self.init(error.description, word: error.word) }

    /// The same mistake as the CLI reports it.
    public var usageError: UsageError { UsageError(description, word: word) }
}
