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
        /// The actions' own options (`--quantity 2`, `--json`), typed as `StoreCommands` declares
        /// them for the CLI and rehearsals alike.
        @OptionGroup var action: StoreActionOptions
    }

    static let positionals = PositionalCompletion(
        first: .words(StoreAction.allCases.map(\.rawValue)),
        second: [
            .init([StoreAction.buy, .latest, .expire, .renew].map(\.rawValue), .dynamic("products")),
            .init([StoreAction.statuses, .eligibility].map(\.rawValue), .dynamic("groups")),
            .init(
                [StoreAction.set.rawValue],
                .words((StoreSettingName.onOffNames + [.graceDays]).map(\.rawValue))),
            .init([StoreAction.error.rawValue], .words(FailableAPI.allCases.map(\.key))),
            .init([StoreAction.account.rawValue], .words(["add"])),
            .init([StoreAction.timeRate.rawValue], .words(TimeRate.allCases.map { String($0.rawValue) })),
        ])

    static var discussion: String {
        "ACTIONS:\n" + StoreAction.allCases.map { "  " + $0.synopsis }.joined(separator: "\n")
    }

    var words: StoreWords
    var storeOptions: StoreOptions

    var action: StoreAction { words.action }

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard let first = arguments.positionals.first else {
            throw UsageError("name an action: kiosk store --help lists them")
        }
        do throws(StoreWordsError) {
            guard let action = StoreAction(rawValue: first) else {
                // The same "did you mean" a rehearsal's line gets.
                _ = try StoreWords.parse([first])
                throw StoreWordsError("unknown action '\(first)'; kiosk store --help lists them")
            }
            words = try StoreWords(
                action: action, positionals: Array(arguments.positionals.dropFirst()),
                options: arguments.options.action)
        } catch {
            throw error.usageError
        }
        self.storeOptions = try StoreOptions(arguments.options.store)
        storeOptions.resetsDamagedState = action == .reset
    }

    func run() async throws -> ExitCode {
        if action == .advance, words.options.advance.periods == nil,
            let hint = words.arguments.first.flatMap(DurationText.minutesHint)
        {
            Console.error(hint)
        }
        let opened = try await storeOptions.open(command: "kiosk store \(action.rawValue)")
        let output = StoreOutput(json: words.options.output.json, jwsOnly: words.options.output.jws) {
            Console.print($0)
        }
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
            throw error.usageError
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
