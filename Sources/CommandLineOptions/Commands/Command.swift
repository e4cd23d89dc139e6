import Foundation

/// Process exit codes, after sysexits(3) where one fits.
public struct ExitCode: Equatable, Sendable {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let success = ExitCode(rawValue: 0)
    /// The command ran and found problems (lint errors, an unverified JWS).
    public static let failure = ExitCode(rawValue: 1)
    /// The command was called wrongly (EX_USAGE).
    public static let usage = ExitCode(rawValue: 64)
    /// An input file could not be read or understood (EX_DATAERR).
    public static let dataError = ExitCode(rawValue: 65)
    /// Could not create or write an output or state file (EX_CANTCREAT).
    public static let cannotCreate = ExitCode(rawValue: 73)
    /// A file the command needs is missing (EX_NOINPUT).
    public static let noInput = ExitCode(rawValue: 66)
}

/// Why a command stopped: the message, said once by `Kiosk.run` on standard error, and the exit
/// code the process ends with. Commands throw it instead of printing and exiting themselves, so
/// no failure is printed twice or printed while the terminal is still in curses mode.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exit exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}

/// One `kiosk` subcommand. Its options are declared once, typed, in `Options`; its `--help`,
/// its part of the man page and its completions are made from that declaration, `usage`,
/// `summary`, `discussion` and `positionals`.
public protocol Command {
    associatedtype Options: ParsableOptions
    /// The word after `kiosk` (`lint`).
    static var name: String { get }
    /// One line for `kiosk --help`.
    static var summary: String { get }
    /// The synopsis, for example `kiosk lint [--json] FILE...`.
    static var usage: String { get }
    /// Paragraphs shown after the options in `--help`.
    static var discussion: String { get }
    /// What a shell completes for the positional words (an action, a topic, files).
    static var positionals: PositionalCompletion { get }
    /// How messages name the command: `kiosk lint`, or `kiosk` for the paywall.
    static var label: String { get }

    init(_ arguments: Arguments<Options>) throws(UsageError)
    func run() async throws -> ExitCode
}

extension Command {
    public static var discussion: String { "" }
    public static var positionals: PositionalCompletion { .none }

    /// Every option, in the order `--help` lists them.
    public static var options: [OptionDefinition] { Options.definitions }

    /// `kiosk NAME`; the paywall, which is `kiosk` itself, says so.
    public static var label: String { "kiosk \(name)" }

    /// The full `--help` text.
    public static var helpText: String {
        HelpText.render(summary: summary, usage: usage, options: options, discussion: discussion)
    }

    /// The command `arguments` (the words after its name) ask for.
    /// - Throws: `UsageError` naming the option or value at fault.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Self {
        try Self(Options.parse(arguments, command: label))
    }
}
