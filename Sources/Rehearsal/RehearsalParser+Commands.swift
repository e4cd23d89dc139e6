import Foundation
import Paywall
import SourceDiagnostics
import StoreCommands
import StoreCore
import TerminalUI

extension RehearsalParser {
    /// The rehearsal's own commands; every other first word must be a `kiosk store` action.
    static let commandWords = [
        "catalog", "paywall", "clock", "seed", "import", "account", "press", "type", "size", "theme", "style",
        "template",
        "launch",
        "expect", "screenshot", "caption", "wait", "include", "endpoint",
    ]

    static func command(_ tokens: [Token]) throws(LineError) -> RehearsalCommand {
        let word = tokens[0].text
        let rest = Array(tokens.dropFirst())
        func one(_ usage: String) throws(LineError) -> String {
            guard rest.count == 1 else {
                throw LineError(column: tokens[0].column, message: "\(word) takes \(usage)")
            }
            return rest[0].text
        }
        switch word {
        case "catalog": return .catalog(try one("a bundled catalog name or a .storekit file: catalog demo"))
        case "paywall": return .paywallCopy(try one("a paywall copy file: paywall NAME.paywall.json"))
        case "clock":
            let text = try one("an ISO 8601 date: clock 2026-01-01T00:00:00Z")
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw LineError(
                    column: rest[0].column, message: "'\(text)' is not a date such as 2026-01-01T00:00:00Z")
            }
            return .clock(date)
        case "import": return try importHistory(rest, at: tokens[0])
        case "seed":
            let text = try one("a number: seed 42")
            guard let seed = UInt64(text) else {
                throw LineError(column: rest[0].column, message: "seed takes a number, got '\(text)'")
            }
            return .seed(seed)
        case "account" where rest.first?.text != "add":
            return .account(
                AccountName(try one("an account name (account add NAME creates one with options)")))
        case "press": return try press(tokens)
        case "type": return .type(try one("quoted text: type \"FRIENDS3\""))
        case "size":
            let text = try one("COLUMNSxROWS: size 80x24")
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 1000, parts[1] <= 1000 else {
                throw LineError(
                    column: rest[0].column, message: "size takes COLUMNSxROWS such as 80x24, got '\(text)'")
            }
            return .size(Size(columns: parts[0], rows: parts[1]))
        case "theme": return .theme(try one("a bundled theme name or a theme file: theme sunset"))
        case "style":
            let name = try one("a control style: \(styles.joined(separator: ", "))")
            guard styles.contains(name) else {
                throw LineError(
                    column: rest[0].column,
                    message: Suggestion.appending(
                        to: "unknown style '\(name)'", word: name, candidates: styles))
            }
            return .style(name)
        case "template":
            let templates = PaywallTemplate.allCases.map(\.rawValue)
            let name = try one("a paywall template: \(templates.joined(separator: ", "))")
            guard let template = PaywallTemplate(rawValue: name) else {
                throw LineError(
                    column: rest[0].column,
                    message: Suggestion.appending(
                        to: "unknown template '\(name)'", word: name, candidates: templates))
            }
            return .template(template)
        case "launch":
            guard rest.isEmpty else {
                throw LineError(column: rest[0].column, message: "launch takes nothing")
            }
            return .launch
        case "expect": return .expect(try expectation(rest, at: tokens[0]))
        case "endpoint": return .endpoint(try RehearsalEndpoint.answer(rest, at: tokens[0]))
        case "screenshot": return .screenshot(try one("a name: screenshot after-purchase"))
        case "caption": return .caption(try one("quoted text: caption \"Buying with Ask to Buy\""))
        case "wait":
            let text = try one("a duration: wait 800ms, wait 2s")
            guard let duration = duration(text) else {
                throw LineError(
                    column: rest[0].column,
                    message: "wait takes a duration under an hour, such as 800ms or 2s, got '\(text)'")
            }
            return .wait(duration)
        default: return try store(tokens)
        }
    }

    static let styles = [
        "buttons", "picker", "prominentPicker", "compactPicker", "pagedPicker", "pagedProminentPicker",
    ]

    static func duration(_ text: String) -> Duration? {
        // Under an hour either way: a rehearsal that waits longer is a typo, not a wait.
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)), value >= 0, value < 3_600_000 {
            return .milliseconds(value)
        }
        if text.hasSuffix("s"), let value = Double(text.dropLast()), value >= 0, value < 3600 {
            return .milliseconds(Int(value * 1000))
        }
        return nil
    }

    /// `press KEY [KEY...] [N]`: keys by name (`enter`, `down`, `space`, `ctrl-c`, `m`, `M`), the
    /// last word a count when it is a number and not the only key.
    private static func press(_ tokens: [Token]) throws(LineError) -> RehearsalCommand {
        var words = Array(tokens.dropFirst())
        guard !words.isEmpty else {
            throw LineError(
                column: tokens[0].column, message: "press takes keys: press enter, press down 2, press m")
        }
        var count = 1
        if words.count > 1, let last = words.last, let number = Int(last.text) {
            guard (1...200).contains(number) else {
                throw LineError(column: last.column, message: "press repeats 1 to 200 times, got \(number)")
            }
            count = number
            words.removeLast()
        }
        var keys: [Key] = []
        for word in words {
            guard let key = Key(name: word.text), !isMouse(key) else {
                throw LineError(
                    column: word.column,
                    message: Suggestion.appending(
                        to:
                            "unknown key '\(word.text)': a character (m, M, ?, +) or up, down, left, right, enter, "
                            + "space, escape, tab, backtab, backspace, delete, home, end, pageup, pagedown, ctrl-X, fN",
                        word: word.text, candidates: keyNames))
            }
            keys.append(key)
        }
        return .press(keys, count: count)
    }

    private static func isMouse(_ key: Key) -> Bool {
        switch key {
        case .click, .resize: true
        default: false
        }
    }

    /// A `kiosk store` action in its own words, with `last`, `last PRODUCT` and `$name` standing
    /// for transaction IDs and `as NAME` at the end capturing the one it makes.
    private static func store(_ tokens: [Token]) throws(LineError) -> RehearsalCommand {
        var tokens = tokens
        var capture: String?
        if tokens.count >= 3, tokens[tokens.count - 2].text == "as" {
            capture = tokens[tokens.count - 1].text
            guard capture?.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) == true else {
                throw LineError(
                    column: tokens[tokens.count - 1].column,
                    message: "capture names are letters, digits, - and _")
            }
            tokens.removeLast(2)
        }
        var words: [String] = []
        var references: [Int: TransactionReference] = [:]
        for index in tokens.indices {
            // `last` is the store words' own (its product is theirs to tell, below); `$name` is a
            // rehearsal's, resolved when the step runs.
            let (reference, _) = try self.reference(tokens, at: index) { _, _ in false }
            if let reference, reference != .last(productID: nil) {
                references[words.count] = reference
                words.append("0")
            } else {
                words.append(tokens[index].text)
            }
        }
        do throws(StoreWordsError) {
            var parsed = try StoreWords.parse(words)
            if case .last(let product) = parsed.transaction {
                (words, references) = Self.standingIn(for: product, words: words, references: references)
                parsed = try StoreWords.parse(words)
            }
            try validate(parsed)
        } catch {
            var message = error.description
            if tokens[0].text.count > 0, !StoreAction.allCases.map(\.rawValue).contains(tokens[0].text) {
                message = Suggestion.appending(
                    to: "unknown command '\(tokens[0].text)': a rehearsal command or a kiosk store action",
                    word: tokens[0].text, candidates: commandWords + StoreAction.allCases.map(\.rawValue))
            }
            let column = error.word.flatMap { word in tokens.first { $0.text == word }?.column }
            throw LineError(column: column ?? tokens[0].column, message: message)
        }
        return .store(words: words, references: references, capture: capture)
    }

    /// The words with their `last` (and its product) replaced by a stand-in ID, and a reference
    /// that resolves it when the step runs, the references after it moved along.
    private static func standingIn(
        for product: String?, words: [String], references: [Int: TransactionReference]
    ) -> ([String], [Int: TransactionReference]) {
        guard
            let at = words.indices.dropFirst().first(where: {
                words[$0] == "last"
                    && (product == nil || words.indices.contains($0 + 1) && words[$0 + 1] == product)
            })
        else { return (words, references) }
        var words = words
        let used = product == nil ? 1 : 2
        words.replaceSubrange(at..<at + used, with: ["0"])
        var moved: [Int: TransactionReference] = [at: .last(productID: product)]
        for (index, reference) in references { moved[index > at ? index - used + 1 : index] = reference }
        return (words, moved)
    }

    /// The words read as the CLI reads them, so a mistake shows before anything runs.
    private static func validate(_ words: StoreWords) throws(StoreWordsError) {
        switch words.action {
        case .buy, .finish, .restore, .redeem, .requestRefund, .manageSubscriptions, .cancelSheet:
            _ = try words.request()
        // The image file is read when the step runs; its words are checked now.
        case .retention: _ = try words.retentionManagement(readFile: { _ in [] })
        case .approve, .decline, .refund, .refundRequest, .expire, .renew, .autoRenew, .priceIncrease,
            .resolve, .delete, .clear, .reset, .advance, .timeRate, .set, .error, .account:
            _ = try words.operation()
        case .storefront, .locale: if !words.arguments.isEmpty { _ = try words.operation() }
        // Reads: their words are checked when they run (a product or group ID the store knows).
        case .products, .transactions, .entitlements, .unfinished, .all, .latest, .statuses, .eligibility,
            .now, .settings, .errors, .accounts, .appTransaction, .notifications:
            break
        }
    }

    /// A transaction reference at `index` and how many words it takes: `last` (with a product
    /// ID after it when `namesProduct` says the next word, the first of the words remaining,
    /// is one), `$name`, or nil for any other word.
    static func reference(
        _ tokens: [Token], at index: Int, namesProduct: (_ word: String, _ remaining: Int) -> Bool
    ) throws(LineError) -> (TransactionReference?, Int) {
        let text = tokens[index].text
        if text == "last" {
            if index + 1 < tokens.count, namesProduct(tokens[index + 1].text, tokens.count - index - 1) {
                return (.last(productID: tokens[index + 1].text), 2)
            }
            return (.last(productID: nil), 1)
        }
        if text.hasPrefix("$") {
            guard text.count > 1 else {
                throw LineError(column: tokens[index].column, message: "'$' needs a name: $pro")
            }
            return (.captured(String(text.dropFirst())), 1)
        }
        return (nil, 1)
    }

    /// The named keys `press` takes, for "did you mean".
    static let keyNames = [
        "up", "down", "left", "right", "enter", "space", "escape", "tab", "backtab", "backspace", "delete",
        "home", "end", "pageup", "pagedown",
    ]
}
