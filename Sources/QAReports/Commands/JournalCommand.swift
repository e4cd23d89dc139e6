import CommandLineOptions
import Foundation
import SharedState
import Simulator
import StoreCore

/// `kiosk journal`: what was done to a state, action by action (docs/qa.md). Reads the ledger
/// without owning it, so it works while a paywall or a server has the state open.
public struct JournalCommand: Command {
    public static let name = "journal"
    public static let summary =
        "Show the QA journal: every action on the store, who made it and what it caused."
    public static let usage =
        "kiosk journal [--since T] [--account NAME] [--session ID] [--json] [--state DIR]"
    public struct Options: ParsableOptions {
        @Option(
            "since", value: "T",
            help: "Only entries from T on: 2026-11-30T14:05:00Z, 2026-11-30, or 15m, 2h, 1d ago.",
            transform: { text throws(UsageError) in try JournalTime.since(text) })
        public var since: Date?
        @Option(JournalCommand.accountOption, transform: AccountName.init(rawValue:))
        public var account: AccountName?
        @Option(
            "session", value: "ID",
            help: "Only this paywall run or command (the session column); last: the newest paywall run.")
        public var session: String?
        @Flag("json", help: "One JSON object a line (JSON Lines), with the screen's picture.") var json: Bool
        @Option(StateDirectory.option) public var state: String?

        public init() {}
    }
    public static let discussion = """
        Every paywall run and every kiosk command is a session. Each line is one action, written in the
        same SQLite transaction as the change it records: its wall time, the store's clock, the session,
        where it came from (paywall and its screen, cli, wire, or store for renewals that came due), the
        account, the action, its result and the App Store Server Notifications it caused.

        EXIT STATUS:
          0  printed (also when nothing matched)
          64 usage error
          66 the state has no ledger yet
        """

    /// `--account NAME`, as `kiosk report` takes it too.
    public static let accountOption = OptionDefinition.option(
        "account", value: "NAME", help: "Only what was done for this account.",
        completion: .dynamic("accounts"))

    public var filter: JournalFilter
    public var json: Bool
    public var state: StateDirectory

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = arguments.options
        filter = JournalFilter(since: options.since, account: options.account, session: options.session)
        json = options.json
        state = StateDirectory(explicitPath: options.state)
    }

    public func run() async throws -> ExitCode {
        let entries = try Self.read(state, filter)
        if json {
            for entry in entries { Console.print(try JournalListing.jsonLine(entry)) }
        } else {
            Console.print(JournalListing.table(entries))
        }
        return .success
    }

    /// The journal of `state`, or a failure naming the state and what to do.
    public static func read(_ state: StateDirectory, _ filter: JournalFilter) throws -> [JournalEntry] {
        do {
            return try LedgerReader(stateDirectory: state.url).journal(resolving: filter)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .noInput)
        }
    }
}
