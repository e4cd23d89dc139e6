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
    static let options: [OptionSpec] =
        StoreOptions.specs
        + StoreWords.options.map { spec in
            spec.valueName.map { .option(spec.name, value: $0, help: spec.help) }
                ?? .flag(spec.name, help: spec.help)
        }
    static var discussion: String {
        "ACTIONS:\n" + StoreAction.allCases.map { "  " + $0.synopsis }.joined(separator: "\n")
    }

    var action: StoreAction
    var arguments: [String]
    var parsed: ParsedArguments
    var storeOptions: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
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
        self.parsed = arguments
        self.storeOptions = try StoreOptions(arguments)
        storeOptions.resetsDamagedState = action == .reset
    }

    /// The action's words, through the parser a rehearsal's store lines go through: the
    /// action's own options, then `--` and the arguments as given.
    var words: StoreWords {
        get throws(StoreWordsError) {
            var words = [action.rawValue]
            for spec in StoreWords.options {
                if spec.valueName == nil {
                    if parsed.flag(spec.name) { words.append("--\(spec.name)") }
                } else if let value = parsed.value(spec.name) {
                    words.append("--\(spec.name)=\(value)")
                }
            }
            return try StoreWords.parse(words + ["--"] + arguments)
        }
    }

    func run() async throws -> ExitCode {
        let words: StoreWords
        do {
            words = try self.words
        } catch {
            throw UsageError(error.description)
        }
        if action == .advance, parsed.value("periods") == nil,
            let hint = arguments.first.flatMap(DurationText.minutesHint)
        {
            Console.error(hint)
        }
        let opened = try await storeOptions.open(command: "kiosk store \(action.rawValue)")
        let output = StoreOutput(json: parsed.flag("json"), jwsOnly: parsed.flag("jws")) { Console.print($0) }
        do {
            try await StoreActionRunner(store: opened.store, words: words, output: output).run()
            await opened.close()
            return .success
        } catch let error as StoreError {
            var message = "kiosk store \(action.rawValue): \(error)"
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
