import CommandLineOptions
import Foundation
import PaywallLaunch
import SourceDiagnostics
import StoreCore

/// Routes `kiosk [SUBCOMMAND] ARGS...` to a command and turns its outcome into an exit code.
public enum Kiosk {
    /// The release this binary is (`kiosk --version`).
    public static let version = "0.1.0"

    /// Runs the process's `arguments` on standard output and error, and ends the process quietly
    /// when the reader of standard output went away (`kiosk store products | head`), as cat does.
    public static func runProcess(_ arguments: [String]) async -> Int32 {
        await Console.$endsProcessWhenReaderGone.withValue(true) { await run(arguments, console: .standard) }
    }

    /// Runs `arguments` with its lines written to `console` (a test reads them, in process).
    /// The executable's one public entry: what `main.swift` calls, and what tests call in process.
    public static func run(_ arguments: [String], console: ConsoleWriter) async -> Int32 {
        await Console.$writer.withValue(console) { await run(arguments) }
    }

    /// Runs `arguments`, writing to the task's console (standard output and error by default).
    public static func run(_ arguments: [String]) async -> Int32 {
        if arguments.first == "--version" || arguments == ["version"] {
            Console.print("kiosk \(version)")
            return ExitCode.success.rawValue
        }
        let command: any Command.Type
        var rest = arguments
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let named = CommandRegistry.command(named: first) else {
                let names = CommandRegistry.subcommands.map { $0.name }
                let guess =
                    Suggestion.closest(to: first, in: names).map { " Did you mean 'kiosk \($0)'?" } ?? ""
                Console.error("kiosk: unknown command '\(first)'.\(guess) Run 'kiosk --help' for the list.")
                return ExitCode.usage.rawValue
            }
            command = named
            rest.removeFirst()
        } else {
            command = PaywallCommand.self
        }
        do {
            return try await run(command, rest).rawValue
        } catch let error as UsageError {
            Console.error("\(command.label): \(error)")
            Console.error("usage: \(command.usage)")
            return ExitCode.usage.rawValue
        } catch let failure as CommandFailure {
            Console.error(failure.message)
            return failure.exitCode.rawValue
        } catch {
            Console.error("\(command.label): \(error)")
            return ExitCode.failure.rawValue
        }
    }

    /// Splits `arguments` against the command's options, answers `--help` (before any value is
    /// read, so `--style nonsense --help` still helps), then reads the options and runs it.
    private static func run<C: Command>(_ command: C.Type, _ arguments: [String]) async throws -> ExitCode {
        let given = try GivenArguments.split(arguments, definitions: C.options, command: C.label)
        if given.wantsHelp {
            Console.print(command == PaywallCommand.self ? topLevelHelp : command.helpText)
            return .success
        }
        // Each invocation is one session of the store's QA journal (a paywall run is one too).
        let journal = JournalContext(
            session: JournalContext.newSessionID(), source: command == PaywallCommand.self ? .paywall : .cli
        )
        return try await JournalContext.$current.withValue(journal) {
            try await C(Arguments(options: C.Options.read(given), positionals: given.positionals)).run()
        }
    }

    static var topLevelHelp: String {
        var text = HelpText.render(
            summary: PaywallCommand.summary, usage: PaywallCommand.usage,
            options: PaywallCommand.options + [.flag("version", help: "Print Kiosk's version and exit.")],
            discussion: PaywallCommand.discussion)
        text += "\n\nSUBCOMMANDS:\n"
        let width = (CommandRegistry.subcommands.map { $0.name.count }.max() ?? 0) + 2
        for command in CommandRegistry.subcommands {
            text +=
                "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary
                + "\n"
        }
        text += "\n  See 'kiosk SUBCOMMAND --help' for each, 'kiosk help' for the guides, 'kiosk --version'."
        return text
    }
}
