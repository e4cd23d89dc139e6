import Foundation

/// Process exit codes, after sysexits(3) where one fits.
struct ExitCode: Error, Equatable, Sendable {
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
    static var helpText: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usage)"]
        let all = options + [.flag("help", help: "Show this help.")]
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
