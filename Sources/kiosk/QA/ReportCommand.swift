import Foundation
import Signing
import Simulator

/// `kiosk report`: a QA report a tester attaches to a bug (docs/qa.md), from the journal.
struct ReportCommand: Command {
    static let name = "report"
    static let summary =
        "Write a QA report (HTML or Markdown) of the journal: steps, payloads, notifications, screens."
    static let usage =
        "kiosk report --out FILE.html|FILE.md [--since T] [--session ID] [--account NAME] [--state DIR]"
    static let options: [OptionSpec] = [
        .option(
            "out", value: "FILE", help: "Where to write: .html (one self-contained page) or .md (Markdown)."),
        .option(
            "since", value: "T",
            help: "Only steps from T on: 2026-11-30T14:05:00Z, 2026-11-30, or 15m, 2h, 1d ago."),
        .option(
            "session", value: "ID", help: "Only this paywall run or command (kiosk journal shows the IDs)."),
        .option("account", value: "NAME", help: "Only what was done for this account."),
        StateDirectory.option,
    ]
    static let discussion = """
        The report holds the timeline of actions and store events, each signed payload decoded and checked
        against the state's root certificate, the App Store Server Notifications each step caused with
        their delivery attempts, and the paywall's screen at each step the paywall made.

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

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        guard let out = arguments.value("out") else {
            throw UsageError("give --out FILE.html or --out FILE.md")
        }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "html", "htm": format = .html
        case "md", "markdown": format = .markdown
        default:
            throw UsageError("--out must end in .html or .md (the format follows the name), got '\(out)'")
        }
        output = URL(fileURLWithPath: out)
        filter = JournalFilter(
            since: try arguments.value("since").map { (text) throws(UsageError) in try JournalTime.since(text)
            },
            account: arguments.value("account"), session: arguments.value("session"))
        state = StateDirectory(explicitPath: arguments.value("state"))
    }

    func run() async throws -> ExitCode {
        let report: QAReport
        do {
            let root = try CertificateAuthority.storedRoot(
                directory: state.url.appendingPathComponent(CertificateAuthority.directoryName).path)
            let reader = try LedgerReader(stateDirectory: state.url)
            report = try QAReport.gather(
                reader: reader, root: root, filter: filter, stateDirectory: state.url)
        } catch {
            throw CommandFailure("kiosk report: \(error)", exit: .noInput)
        }
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
}
