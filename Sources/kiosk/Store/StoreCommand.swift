import CommandLineOptions
import Foundation
import PaywallLaunch
import Simulator
import SourceDiagnostics
import StoreCommands
import StoreCore

/// `kiosk store ACTION ...`: every `Store` and `StoreControl` action from the shell, for
/// scripts and CI. Exit codes: 0 done, 1 the store refused (the reason is printed), 64 usage,
/// 65 a bad catalog, 73 an unusable state directory.
struct StoreCommand: Command {
    static let name = "store"
    static let summary = "Run store and Transaction Manager actions headlessly (for scripts and CI)."
    static let usage =
        "kiosk store ACTION [ARGUMENTS] [--json] [--catalog FILE] [--state DIR] [--account NAME] [--store URL]"
    struct Options: ParsableOptions {
        @OptionGroup var store: StoreOptions.Group
        /// The action's own options (`--quantity 2`, `--json`), handed on as words to the parser a
        /// rehearsal's store lines go through.
        @ForwardedOptions(StoreCommand.actionOptions) var actionWords: [String]
    }

    /// The options of the store actions, as `StoreWords` declares them, with what a shell offers
    /// for their values.
    static let actionOptions: [OptionDefinition] = StoreWords.options.map { spec in
        OptionDefinition(
            name: spec.name, valueName: spec.valueName, help: spec.help,
            completion: actionCompletions[spec.name])
    }

    /// Values of the store actions' options a shell can offer, by the option's name in
    /// `StoreWords.options` (StoreOptionDeclarationTests checks each name is one of them).
    static let actionCompletions: [String: CompletionValues] = [
        "reason": .words(["developer-issue", "other"]), "plan": .words(["upfront", "monthly"]),
        "group": .dynamic("groups"),
    ]

    static let positionals = PositionalCompletion(
        first: .words(StoreAction.allCases.map(\.rawValue)),
        second: [
            .init([StoreAction.buy, .latest, .expire, .renew].map(\.rawValue), .dynamic("products")),
            .init([StoreAction.statuses, .eligibility].map(\.rawValue), .dynamic("groups")),
            .init(
                [StoreAction.set.rawValue],
                .words([
                    "ask-to-buy", "billing-retry", "grace-period", "interrupted", "dialogs",
                    "finished-consumables",
                    "grace-days",
                ])),
            .init([StoreAction.error.rawValue], .words(FailableAPI.allCases.map(\.key))),
            .init([StoreAction.account.rawValue], .words(["add"])),
            .init([StoreAction.timeRate.rawValue], .words(TimeRate.allCases.map { String($0.rawValue) })),
        ])

    static var discussion: String {
        "ACTIONS:\n" + StoreAction.allCases.map { "  " + $0.synopsis }.joined(separator: "\n")
    }

    var action: StoreAction
    var arguments: [String]
    var actionWords: [String]
    var storeOptions: StoreOptions

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard let first = arguments.positionals.first else {
            throw UsageError("name an action: kiosk store --help lists them")
        }
        guard let action = StoreAction(rawValue: first) else {
            do {
                _ = try StoreWords.parse([first])
            } catch {
                throw UsageError(error.description)
            }
            throw UsageError("unknown action '\(first)'; kiosk store --help lists them")
        }
        self.action = action
        self.arguments = Array(arguments.positionals.dropFirst())
        actionWords = arguments.options.actionWords
        self.storeOptions = try StoreOptions(arguments.options.store)
        storeOptions.resetsDamagedState = action == .reset
    }

    /// The action's words, through the parser a rehearsal's store lines go through: the
    /// action's own options, then `--` and the arguments as given.
    var words: StoreWords {
        get throws(StoreWordsError) {
            try StoreWords.parse([action.rawValue] + actionWords + ["--"] + arguments)
        }
    }

    func run() async throws -> ExitCode {
        let words: StoreWords
        do {
            words = try self.words
        } catch {
            throw UsageError(error.description)
        }
        if action == .advance, words.value("periods") == nil,
            let hint = arguments.first.flatMap(DurationText.minutesHint)
        {
            Console.error(hint)
        }
        let opened = try await storeOptions.open(command: "kiosk store \(action.rawValue)")
        let output = StoreOutput(json: words.flag("json"), jwsOnly: words.flag("jws")) { Console.print($0) }
        do {
            try await StoreActionRunner(store: opened.store, words: words, output: output).run()
            await opened.close()
            return .success
        } catch let error as StoreError {
            var message = "kiosk store \(action.rawValue): \(error)"
            // The product list only adds "did you mean"; without it the refusal is still said.
            if case .productNotFound(let id) = error, let known = try? await opened.store.allProducts() {
                message = Suggestion.appending(to: message, word: id, candidates: known.map(\.id))
            }
            await opened.close()
            throw CommandFailure(message, exit: .failure)
        } catch let error as StoreWordsError {
            await opened.close()
            throw UsageError(error.description)
        } catch {
            await opened.close()
            throw error
        }
    }
}

extension String {
    /// Left-aligned in `width` characters (at least one space after).
    func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
