import Foundation

/// Process exit codes, after sysexits(3) where one fits.
struct ExitCode: Equatable, Sendable {
    var rawValue: Int32

    static let success = ExitCode(rawValue: 0)
    /// The command ran and found problems (lint errors, an unverified JWS).
    static let failure = ExitCode(rawValue: 1)
    /// The command was called wrongly (EX_USAGE).
    static let usage = ExitCode(rawValue: 64)
    /// An input file could not be read or understood (EX_DATAERR).
    static let dataError = ExitCode(rawValue: 65)
    /// Could not create or write an output or state file (EX_CANTCREAT).
    static let cannotCreate = ExitCode(rawValue: 73)
    /// A file the command needs is missing (EX_NOINPUT).
    static let noInput = ExitCode(rawValue: 66)
}

/// Why a command stopped: the message, said once by `Kiosk.run` on standard error, and the exit
/// code the process ends with. Commands throw it instead of printing and exiting themselves, so
/// no failure is printed twice or printed while the terminal is still in curses mode.
struct CommandFailure: Error, CustomStringConvertible, Sendable {
    var message: String
    var exitCode: ExitCode

    init(_ message: String, exit exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}

/// One `kiosk` subcommand. Its help text is generated from `usage`, `summary` and `options`.
protocol Command {
    /// The word after `kiosk` (`lint`).
    static var name: String { get }
    /// One line for `kiosk --help`.
    static var summary: String { get }
    /// The synopsis, for example `kiosk lint [--json] FILE...`.
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    /// Paragraphs shown after the options in `--help`.
    static var discussion: String { get }

    init(_ arguments: ParsedArguments) throws(UsageError)
    func run() async throws -> ExitCode
}

extension Command {
    static var discussion: String { "" }

    /// The full `--help` text.
    static var helpText: String { helpText(adding: []) }

    /// The `--help` text with `extra` options after the command's own (`kiosk --help` adds
    /// `--version`, which `Kiosk.run` answers before any command).
    static func helpText(adding extra: [OptionSpec]) -> String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usage)"]
        let all = options + extra + [.flag("help", help: "Show this help.")]
        lines += ["", "OPTIONS:"]
        let labels = all.map { spec in
            spec.valueName.map { "--\(spec.name) \($0)" } ?? "--\(spec.name)"
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, spec) in zip(labels, all) {
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }
}
