import Foundation
import Paywall
import Presets
import StoreCommands
import StoreCore

/// What a shell can complete on a `kiosk` command line, made from the same tables `--help`
/// and the man page are made from (`CommandRegistry`, each command's `OptionSpec`s and
/// `StoreAction`), so a new command or option completes without touching the scripts.
struct CompletionTable {
    /// Where the values of an option or a positional word come from.
    struct Values: Equatable {
        var words: [String] = []
        /// Asked of `kiosk completions --list KIND` when completing (products, accounts).
        var dynamic: String?
        var files = false
        var directories = false

        static let none = Values()
        static func words(_ words: [String]) -> Values { Values(words: words) }
        static func dynamic(_ kind: String) -> Values { Values(dynamic: kind) }
        static let files = Values(files: true)
    }

    /// One command: its options, and what its positional words are.
    struct Entry {
        var name: String
        var summary: String
        var options: [OptionSpec]
        /// The first positional word (an action, a topic).
        var first: Values = .none
        /// The second, by the first: `store buy PRODUCT`, `preset apply NAME`.
        var second: [(first: [String], values: Values)] = []
        /// Any later one (lint's files).
        var rest: Values = .none

        /// `--name` of every option taking a value.
        var valuedOptions: [String] { options.filter { $0.valueName != nil }.map { "--" + $0.name } }
    }

    /// The paywall (`kiosk` with no subcommand).
    var paywall: Entry
    var commands: [Entry]

    /// The kinds `kiosk completions --list` answers.
    static let dynamicKinds = ["products", "accounts", "groups"]

    static func make() -> CompletionTable {
        let help = OptionSpec.flag("help", help: "Show this help.")
        let paywall = Entry(
            name: "", summary: PaywallCommand.summary, options: PaywallCommand.options + [help])
        let commands = CommandRegistry.subcommands.map { command in
            var entry = Entry(name: command.name, summary: command.summary, options: command.options + [help])
            positionals(of: &entry)
            return entry
        }
        return CompletionTable(paywall: paywall, commands: commands)
    }

    /// Values of an option, by its name and value name.
    static func values(of option: OptionSpec) -> Values {
        switch option.name {
        case "catalog":
            return Values(words: bundled("catalogs", suffix: ".storekit"), files: true)
        case "theme": return Values(words: bundled("themes", suffix: ".json"), files: true)
        case "style": return .words(ControlStyle.allCases.map(\.rawValue))
        case "account": return .dynamic("accounts")
        case "preset": return .words(Preset.all.map(\.name))
        case "store": return .words(["sim", "http://127.0.0.1:8686"])
        case "environment": return .words(AppStoreEnvironment.allCases.map(\.rawValue))
        case "reason": return .words(["developer-issue", "other"])
        case "plan": return .words(["upfront", "monthly"])
        case "group": return .dynamic("groups")
        default:
            let name = option.valueName ?? ""
            if name.contains("DIR") { return Values(directories: true) }
            return name.contains("FILE") ? .files : .none
        }
    }

    private static func positionals(of entry: inout Entry) {
        switch entry.name {
        case StoreCommand.name:
            entry.first = .words(StoreAction.allCases.map(\.rawValue))
            entry.second = [
                ([StoreAction.buy, .latest, .expire, .renew].map(\.rawValue), .dynamic("products")),
                ([StoreAction.statuses, .eligibility].map(\.rawValue), .dynamic("groups")),
                (
                    [StoreAction.set.rawValue],
                    .words([
                        "ask-to-buy", "billing-retry", "grace-period", "interrupted", "dialogs",
                        "finished-consumables", "grace-days",
                    ])
                ),
                ([StoreAction.error.rawValue], .words(FailableAPI.allCases.map(\.key))),
                ([StoreAction.account.rawValue], .words(["add"])),
                ([StoreAction.timeRate.rawValue], .words(TimeRate.allCases.map { String($0.rawValue) })),
            ]
        case PresetCommand.name:
            entry.first = .words(["list", "apply"])
            entry.second = [(["apply"], .words(Preset.all.map(\.name)))]
        case KeysCommand.name: entry.first = .words(["add", "new", "list"])
        case CompletionsCommand.name: entry.first = .words(CompletionsCommand.shells)
        case HelpCommand.name:
            entry.first = .words(
                HelpCommand.pageTopics + ["keys", "man"] + CommandRegistry.subcommands.map { $0.name })
        case LintCommand.name, VerifyCommand.name:
            entry.first = .files
            entry.rest = .files
        default: break
        }
    }

    /// The bundled catalogs or themes by name.
    private static func bundled(_ folder: String, suffix: String) -> [String] {
        let directory = BundledResources.root.appendingPathComponent(folder).path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(suffix) && !$0.hasSuffix(".paywall.json") }.map {
            String($0.dropLast(suffix.count))
        }
        .sorted()
    }
}
