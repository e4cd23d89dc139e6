import CommandLineOptions
import Foundation
import PaywallLaunch
import QAReports
import SharedState
import Signing
import Simulator
import StoreCore
import TerminalUI

/// `kiosk report`: a QA report a tester attaches to a bug (docs/qa.md), from the journal.
struct ReportCommand: Command {
    static let name = "report"
    static let summary =
        "Write a QA report (HTML or Markdown) of the journal: steps, payloads, notifications, screens."
    static let usage =
        "kiosk report --out FILE.html|FILE.md [--since T] [--session ID] [--account NAME] [--catalog FILE|NAME] [--state DIR]"
    struct Options: ParsableOptions {
        @Option(
            "out", value: "FILE", help: "Where to write: .html (one self-contained page) or .md (Markdown).")
        var out: String?
        @Option(
            "since", value: "T",
            help: "Only steps from T on: 2026-11-30T14:05:00Z, 2026-11-30, or 15m, 2h, 1d ago.",
            transform: { text throws(UsageError) in try JournalTime.since(text) })
        var since: Date?
        @Option(
            "session", value: "ID", help: "Only this paywall run or command (kiosk journal shows the IDs).")
        var session: String?
        @Option(JournalCommand.accountOption, transform: AccountName.init(rawValue:)) var account:
            AccountName?
        @Option(
            .option(
                "catalog", value: "FILE|NAME",
                help: "The state's catalog, for the timelines' plan names and levels (default: demo).",
                completion: StoreOptions.catalogCompletion))
        var catalog: String?
        @Option(StateDirectory.option) var state: String?
    }
    static let discussion = """
        The report holds the timeline of actions and store events, each signed payload decoded and checked
        against the state's root certificate, the App Store Server Notifications each step caused with
        their delivery attempts, the paywall's screen at each step the paywall made (in its colours), and the
        timeline of each subscription of the accounts it covers, as the Transaction Manager draws it.

        EXIT STATUS:
          0  written
          64 usage error
          66 the state has no ledger yet
          73 the file could not be written
        """

    enum Format { case html, markdown }

    var output: URL
    var format: Format
    var filter: JournalFilter
    var state: StateDirectory
    /// How the store is opened to draw the timelines (as `kiosk store` opens it).
    var storeOptions: StoreOptions

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = arguments.options
        guard let out = options.out else {
            throw UsageError("give --out FILE.html or --out FILE.md")
        }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "html", "htm": format = .html
        case "md", "markdown": format = .markdown
        default:
            throw UsageError("--out must end in .html or .md (the format follows the name), got '\(out)'")
        }
        output = URL(fileURLWithPath: out)
        filter = JournalFilter(since: options.since, account: options.account, session: options.session)
        state = StateDirectory(explicitPath: options.state)
        storeOptions = try StoreOptions(
            catalog: options.catalog, state: options.state, account: options.account)
    }

    func run() async throws -> ExitCode {
        var report: QAReport
        do {
            let root = try CertificateAuthority.storedRoot(
                directory: state.layout.authority.path)
            let reader = try LedgerReader(stateDirectory: state.url)
            report = try QAReport.gather(
                reader: reader, root: root, filter: filter, stateDirectory: state.url)
        } catch {
            throw CommandFailure("kiosk report: \(error)", exit: .noInput)
        }
        await drawTimelines(in: &report)
        let text = format == .html ? report.html : report.markdown
        do {
            try Data(text.utf8).write(to: output, options: .atomic)
        } catch {
            throw CommandFailure(
                "kiosk report: cannot write \(output.path): \(error.localizedDescription)",
                exit: .cannotCreate)
        }
        Console.print(output.path)
        if report.steps.isEmpty {
            Console.error("kiosk report: no journal entries matched \(report.filterDescription)")
        }
        return .success
    }

    /// Adds the subscription timelines and the summary, read from the store the way the
    /// Transaction Manager reads them; when the store cannot be opened, the report says why and
    /// keeps the rest.
    private func drawTimelines(in report: inout QAReport) async {
        guard let first = QAReport.timelineAccounts(steps: report.steps).first else { return }
        // Opened for an account the journal names, so opening creates none.
        var storeOptions = self.storeOptions
        storeOptions.account = first
        let theme: Theme
        do {
            theme = try Theme.load(named: "default", in: BundledResources.themesDirectory.path)
        } catch {
            Console.error("kiosk report: the timelines are drawn without colours: \(error)")
            theme = Theme(name: "plain", styles: [:])
        }
        let opened: OpenedStore
        do {
            opened = try await storeOptions.open(command: "kiosk report")
        } catch {
            report.timelineProblem = (error as? CommandFailure)?.message ?? "\(error)"
            return
        }
        await report.addTimelinesAndSummary(
            store: opened.store, theme: theme,
            catalog: (storeOptions.catalogPath as NSString).lastPathComponent,
            version: Kiosk.version)
        await opened.close()
    }
}
