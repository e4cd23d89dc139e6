import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import SharedState
import StoreCommands
import StoreCore
import Subprocess
import Testing

@testable import kiosk

/// Every command's options as declared (`Options` of each command): each reads from the
/// command line, none is declared twice, and a misspelt or incomplete option is a usage error
/// naming it, through `Kiosk.run` as a user meets it.
@Suite struct CommandOptionsTests {
    // Command types are immutable metatypes; the list is written once, before any test reads it.
    nonisolated(unsafe) static let commands: [any Command.Type] =
        [PaywallCommand.self] + CommandRegistry.subcommands

    /// A value each option accepts, by its value's placeholder.
    static func sampleValue(_ option: OptionDefinition) -> String {
        if let first = option.completion.words.first { return first }
        switch option.valueName ?? "" {
        case "N", "MS", "P": return "1"
        case "UUID": return "6F1C4A52-0D1E-4A43-9A7E-1D2F3B4C5D6E"
        case "ISO8601": return "2026-01-31T09:00:00Z"
        case "T": return "1d"
        case "WxH": return "80x24"
        case "LOCALE": return "de_DE"
        case "HOST:PORT": return "127.0.0.1:0"
        case "ENV": return "Sandbox"
        case "sim|URL", "URL": return "http://127.0.0.1:1"
        default: return "value"
        }
    }

    /// Reads `arguments` the way `Kiosk.run` does, without running anything.
    static func read<C: Command>(_ command: C.Type, _ arguments: [String]) throws(UsageError) -> Arguments<
        C.Options
    > {
        try C.Options.parse(arguments, command: C.label)
    }

    /// Whether `arguments` read as `command`'s options.
    static func reads<C: Command>(_ command: C.Type, _ arguments: [String]) throws(UsageError) {
        _ = try read(command, arguments)
    }

    @Test func everyCommandsOptionsReadFromNothingAndFromEachOptionGiven() throws {
        for command in Self.commands {
            try Self.reads(command, [])
            for option in command.options {
                let words =
                    option.valueName == nil
                    ? ["--\(option.name)"] : ["--\(option.name)", Self.sampleValue(option)]
                #expect(throws: Never.self, "\(command.label) \(words)") { try Self.reads(command, words) }
            }
        }
    }

    @Test func noCommandDeclaresAnOptionTwiceOrDeclaresHelp() {
        for command in Self.commands {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.label): \(names)")
            #expect(!names.contains("help"), "\(command.label): --help is every command's already")
        }
    }

    @Test func storeActionOptionsAreTheOnesStoreCommandsDeclareWithTheirCompletions() {
        let declared = StoreActionOptions.definitions
        #expect(StoreCommand.options.suffix(declared.count) == declared)
        let completions = Dictionary(
            declared.map { ($0.name, $0.completion) }, uniquingKeysWith: { a, _ in a })
        #expect(completions["reason"] == .words(["developer-issue", "other"]))
        #expect(completions["plan"] == .words(["upfront", "monthly"]))
        #expect(completions["group"] == .dynamic("groups"))
    }

    @Test func typedValuesArriveTyped() throws {
        let paywall = try Self.read(
            PaywallCommand.self, ["--style", "picker", "--template", "hero", "--force"]
        ).options
        #expect(paywall.style == .picker && paywall.template == .hero && paywall.force)
        let store = try Self.read(
            StoreCommand.self,
            ["buy", "x", "--app-apple-id", "42", "--environment", "production", "--store", "sim"]
        ).options.store
        #expect(store.identity.appAppleID == 42 && store.identity.environment == .production)
        #expect(store.remote.store == .simulator)
        let rehearse = try Self.read(RehearseCommand.self, ["--pace", "250", "a.rehearsal"]).options
        #expect(rehearse.pace == .milliseconds(250))
    }

    @Test(arguments: [
        (
            ["lint", "--jsno", "x"],
            "kiosk lint: unknown option '--jsno' for 'kiosk lint'; did you mean '--json'?"
        ),
        (["keys", "add", "--key-id"], "kiosk keys: '--key-id' needs a value (KID)"),
        (["keys", "add", "--issuer", "i"], "kiosk keys: kiosk keys add needs --key-id"),
        (["keys", "new", "--key-id", "k", "--issuer", "i"], "kiosk keys: kiosk keys new needs --out"),
        (["--style", "pickr", "--ephemeral"], "kiosk: --style must be one of"),
        (
            ["rehearse", "--pace", "fast", "x"],
            "kiosk rehearse: --pace takes milliseconds from 0 to 60000, got 'fast'"
        ),
        (["store", "now", "--store", "ftp://x"], "--store needs sim or an http:// URL"),
        (["completions", "--list", "colours"], "--list takes products, accounts, groups, got 'colours'"),
        (["journal", "--since", "yesterday"], "kiosk journal: --since"),
    ])
    func aMistakeIsAUsageErrorNamingTheOptionAndValue(arguments: [String], message: String) async throws {
        let result = try await Child.run([CompletionsTests.binary] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("usage: kiosk"), "the usage line follows")
    }

    @Test func helpIsAnsweredBeforeAnyValueIsRead() async throws {
        let result = try await Child.run([CompletionsTests.binary, "--style", "nonsense", "--help"])
        #expect(
            result.status == 0 && result.standardOutput.hasPrefix("OVERVIEW: "), "\(result.standardError)")
    }

    @Test func stateDirectoryFollowsXDG() {
        #expect(StateDirectory(explicitPath: "/tmp/s", environment: [:]).url.path == "/tmp/s")
        #expect(
            StateDirectory(explicitPath: nil, environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).url.path
                == "/x/kiosk")
        #expect(
            StateDirectory(explicitPath: nil, environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).url.path
                == "/h/.local/state/kiosk")
    }

    /// `kiosk store buy -tip`: an option-like value is pointed at `--` (issue 11, item 7).
    @Test func anOptionLikeValueIsPointedAtDoubleDash() throws {
        #expect(throws: UsageError.self) {
            try StoreCommand.Options.parse(["buy", "-tip"], command: "kiosk store")
        }
        do {
            _ = try StoreCommand.Options.parse(["buy", "-tip"], command: "kiosk store")
        } catch {
            #expect(error.description.contains("kiosk store ... -- -tip"), "\(error)")
        }
        let parsed = try StoreCommand.Options.parse(["buy", "--json", "--", "-tip"], command: "kiosk store")
        #expect(parsed.positionals == ["buy", "-tip"] && parsed.options.action.output.json)
    }

    /// `kiosk --template NAME`: a known template is taken, anything else is a usage error naming them.
    @Test func aKnownTemplateIsTakenAndAnUnknownOneIsAUsageError() async throws {
        for template in PaywallTemplate.allCases {
            let parsed = try PaywallCommand.Options.parse(
                ["--template", template.rawValue], command: "kiosk")
            #expect(try PaywallCommand(parsed).template == template)
        }
        #expect(await Kiosk.run(["--template", "carousel", "--ephemeral"]) == 64)
    }
}
