import SourceDiagnostics

/// One `kiosk store` action in words: the action, its positional arguments and its options.
/// The CLI builds it from its parsed arguments, a rehearsal from a line of its file; both then
/// read it with the same code (`operation()`, `request()`), so a rehearsal's `buy ... --offer-code
/// X` means exactly what `kiosk store buy ... --offer-code X` means.
public struct StoreWords: Sendable, Hashable {
    public var action: StoreAction
    public var arguments: [String]
    public var values: [String: String]
    public var flags: Set<String>

    public init(
        action: StoreAction, arguments: [String], values: [String: String] = [:], flags: Set<String> = []
    ) {
        self.action = action
        self.arguments = arguments
        self.values = values
        self.flags = flags
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    public func value(_ name: String) -> String? { values[name] }

    /// Parses already split words (`["buy", "PRODUCT", "--offer-code", "SPRING"]`) against
    /// ``options``, as the CLI parses its arguments: `--name value`, `--name=value`, `--` ends
    /// the options.
    /// - Throws: `StoreWordsError` naming the unknown action or option, or the missing value.
    public static func parse(_ words: [String]) throws(StoreWordsError) -> StoreWords {
        guard let first = words.first else {
            throw StoreWordsError("name an action: kiosk store --help lists them")
        }
        guard let action = StoreAction(rawValue: first) else {
            throw StoreWordsError(
                "unknown store action '\(first)'"
                    + (StoreAction.closest(to: first).map { "; did you mean '\($0)'?" }
                        ?? "; kiosk store --help lists them"))
        }
        var parsed = StoreWords(action: action, arguments: [])
        var index = 1
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("--") {
                parsed.arguments.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw StoreWordsError(
                    Suggestion.appending(
                        to: "unknown option '--\(name)' for '\(first)'", word: "--\(name)",
                        candidates: options.map { "--\($0.name)" }),
                    word: word)
            }
            guard spec.valueName != nil else {
                if inline != nil { throw StoreWordsError("'--\(name)' takes no value", word: word) }
                parsed.flags.insert(name)
                continue
            }
            if let inline {
                parsed.values[name] = inline
            } else if index < words.count {
                parsed.values[name] = words[index]
                index += 1
            } else {
                throw StoreWordsError("'--\(name)' needs a value (\(spec.valueName ?? "VALUE"))", word: word)
            }
        }
        return parsed
    }

    /// The positional argument at `index`, or an error naming it.
    public func argument(_ index: Int, _ name: String) throws(StoreWordsError) -> String {
        guard index < arguments.count else {
            throw StoreWordsError("'\(action.rawValue)' needs \(name): \(action.synopsis)")
        }
        return arguments[index]
    }

    /// A transaction ID argument.
    public func transactionID(_ index: Int = 0) throws(StoreWordsError) -> UInt64 {
        let text = try argument(index, "a transaction ID")
        guard let id = UInt64(text) else {
            throw StoreWordsError("'\(text)' is not a transaction ID (a number)")
        }
        return id
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
}

/// One option of a store action: `--name VALUE`, or a flag `--name` when `valueName` is nil.
public struct StoreOptionSpec: Sendable {
    public var name: String
    public var valueName: String?
    public var help: String
}

extension StoreWords {
    /// The options of the store actions themselves (the CLI adds its own: the catalog, the
    /// state, the output format).
    public static let options: [StoreOptionSpec] = [
        flag("json", "Print machine-readable JSON."),
        flag(
            "jws",
            "Print only the signed values, one JWS a line (for kiosk verify -); notifications: signed now."),
        option("quantity", "N", "buy: how many (consumables, 1 to 10)."),
        option("offer-code", "REF", "buy: apply an offer code by reference name."),
        option("promo", "ID", "buy: apply a promotional offer by ID (no signature, as in testing)."),
        option("winback", "ID", "buy: apply a win-back offer."),
        option("token", "UUID", "buy: the appAccountToken."),
        option("date", "ISO8601", "buy: a backdated purchase date."),
        flag("cancel-immediately", "buy: with --date, stop after one period (default: renew until now)."),
        option("plan", "PLAN", "buy: billing plan, upfront or monthly."),
        flag("ask-to-buy", "buy: simulate Ask to Buy for this purchase."),
        flag("no-intro", "buy: treat the account as ineligible for the introductory offer."),
        option("key", "KEY", "buy: an idempotency key."),
        flag("off-device", "buy: purchase outside the app (arrives on updates)."),
        flag("cancel", "buy: cancel the payment sheet."),
        option("reason", "R", "refund: developer-issue or other (default)."),
        option(
            "percentage", "P", "refund, refund-request grant: the share refunded, 0 to 100 (default 100)."),
        option("periods", "N", "advance: renewal periods instead of a duration."),
        option("group", "ID", "advance --periods: the subscription group."),
        option("storefront", "CODE", "account add: the account's storefront."),
        option("family", "ID", "account add: the account's family."),
        option("after", "N", "notifications: only after this sequence number."),
        option("limit", "N", "notifications: at most the newest N (default 100)."),
        option("image", "UUID", "retention message: its full-size image."),
        option("alt", "TEXT", "retention message --image: the image's alternative text."),
        flag("bullet", "retention image: a bullet point's icon rather than a full-size image."),
    ]

    private static func flag(_ name: String, _ help: String) -> StoreOptionSpec {
        StoreOptionSpec(name: name, valueName: nil, help: help)
    }

    private static func option(_ name: String, _ value: String, _ help: String) -> StoreOptionSpec {
        StoreOptionSpec(name: name, valueName: value, help: help)
    }
}
