import CommandLineOptions
import Foundation
import PaywallLaunch
import Rehearsal
import SharedState
import SourceDiagnostics
import StoreCore

/// `kiosk rehearse FILE|DIR...`: runs `.rehearsal` files headlessly on ephemeral stores with a
/// frozen clock (or against a server), prints one line per rehearsal and a summary.
struct RehearseCommand: Command {
    static let name = "rehearse"
    static let summary = "Run .rehearsal files: purchase flows with expectations (docs/rehearsals.md)."
    static let usage =
        "kiosk rehearse [--junit FILE] [--json] [--store URL] [--play] [--record FILE] FILE|DIR..."
    struct Options: ParsableOptions {
        @Option("junit", value: "FILE", help: "Also write the results as JUnit XML (what CI systems read).")
        var junit: String?
        @Flag("json", help: "Print the results as JSON instead of text.") var json: Bool
        @Flag("verbose", help: "Also print what each store step printed.") var verbose: Bool
        @Option(
            "screenshots", value: "DIR",
            help: "Write each screenshot NAME as DIR/REHEARSAL/NAME.txt and NAME.svg.")
        var screenshots: String?
        @Option(
            .option(
                "store", value: "URL",
                help:
                    "Run against a kiosk serve (its store is reset before each rehearsal) instead of a simulator.",
                completion: StoreOptions.storeCompletion),
            transform: StoreBackend.init(option:))
        var store: StoreBackend?
        @Option("server-token", value: "TOKEN", help: "--store URL: the server's bearer token.")
        var serverToken: String?
        @Option("root", value: "FILE", help: "--store URL: trust this root (default: pin the server's).")
        var root: String?
        @Option(StateDirectory.option) var state: String?
        @Flag(
            "play", help: "Play one rehearsal in the terminal at human pace (space pauses, n steps, q quits)."
        )
        var play: Bool
        @Option(
            "pace", value: "MS", help: "--play: milliseconds between steps (default 700).",
            transform: RehearseCommand.pace(milliseconds:))
        var pace: Duration?
        @Option(
            "record", value: "FILE",
            help: "Open the paywall and write each key pressed as a rehearsal line; with --play, record the "
                + "performance as an asciicast (FILE.cast), a marker per caption and step.")
        var record: String?
        @Option(
            .option(
                "catalog", value: "FILE|NAME", help: "--record: the catalog (default: demo).",
                completion: StoreOptions.catalogCompletion))
        var catalog: String?

        /// The store options these name: the catalog, the state, and a server.
        var storeOptions: StoreOptions {
            get throws(UsageError) {
                try StoreOptions(
                    catalog: catalog, state: state, remote: store?.url, serverToken: serverToken,
                    rootPath: root)
            }
        }
    }

    static let positionals = PositionalCompletion(first: .files, rest: .files)
    static let discussion = """
        A DIR runs every .rehearsal file under it, in name order; files whose name starts with _ are
        only included by others. Same file, same result: the store is new and in memory for each
        rehearsal and its clock moves only when a step moves it.

        EXIT STATUS:
          0  every rehearsal passed
          1  a rehearsal failed (its line, the expectation and the screen are printed)
          64 usage error
          65 a file does not parse (located errors, as kiosk lint prints them)
          66 a file or directory named does not exist
        """

    var paths: [String]
    var options: Options

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        options = arguments.options
        paths = arguments.positionals
        if options.record != nil, !options.play {
            guard paths.isEmpty else {
                throw UsageError("--record writes a new file: name no rehearsal to run")
            }
            return
        }
        guard !paths.isEmpty else {
            throw UsageError("name at least one .rehearsal file or a directory of them")
        }
        if options.play, options.json || options.junit != nil {
            throw UsageError("--play shows a rehearsal to people: leave out --json and --junit")
        }
    }

    /// `--pace MS`: from 0 to 60000 milliseconds.
    @Sendable static func pace(milliseconds text: String) throws(UsageError) -> Duration {
        guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
            throw UsageError("--pace takes milliseconds from 0 to 60000, got '\(text)'")
        }
        return .milliseconds(milliseconds)
    }

    func run() async throws -> ExitCode {
        if let record = options.record, !options.play {
            let catalog = try options.storeOptions.loadCatalog()
            return try await RehearsalRecorder(
                catalogName: options.catalog ?? "demo", catalog: catalog, environment: try environment()
            )
            .record(to: record)
        }
        let files = try Self.files(paths)
        var scripts: [RehearsalScript] = []
        var diagnostics: [Diagnostic] = []
        for file in files {
            switch RehearsalParser.parse(path: file) {
            case .success(let script): scripts.append(script)
            case .failure(let error): diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else {
            throw CommandFailure(
                DiagnosticFormatter.text(diagnostics).trimmingCharacters(in: .newlines), exit: .dataError)
        }
        let environment = try environment()
        if options.play {
            return try await RehearsalPlayer(
                environment: environment, pace: options.pace ?? .milliseconds(700), castPath: options.record
            )
            .play(scripts)
        }
        let runner = RehearsalRunner(environment: environment)
        var results: [RehearsalResult] = []
        for script in scripts {
            let result = await runner.run(script)
            if options.verbose && !options.json {
                result.transcript.forEach { Console.print($0) }
            }
            results.append(result)
        }
        let report = RehearsalReport(results: results)
        Console.print(options.json ? report.json() : report.text())
        if let junit = options.junit {
            do {
                try Data(report.junit().utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw CommandFailure("kiosk rehearse: cannot write \(junit): \(error)", exit: .cannotCreate)
            }
        }
        return report.failed == 0 ? .success : .failure
    }

    /// The files the arguments name: files as given, directories searched for `.rehearsal` files.
    static func files(_ paths: [String]) throws(CommandFailure) -> [String] {
        do {
            return try RehearsalFiles.find(paths)
        } catch {
            throw CommandFailure("kiosk rehearse: \(error)", exit: .noInput)
        }
    }

    /// Bundled catalogs and themes, and the store: a simulator, or the server `--store` names.
    func environment() throws -> RehearsalEnvironment {
        var open: @Sendable (StoreRequirements) async throws -> RehearsalStore = {
            try await RehearsalStore.simulator($0)
        }
        if options.store?.url != nil {
            let storeOptions = try options.storeOptions
            open = { requirements in try await Self.remoteStore(storeOptions, requirements) }
        }
        return RehearsalEnvironment(
            bundledCatalog: { BundledResources.catalog(named: $0)?.path },
            defaultCatalog: BundledResources.demoCatalog.path,
            themesDirectory: BundledResources.themesDirectory.path, openStore: open,
            screenshotDirectory: options.screenshots)
    }

    /// A server's store, reset for each rehearsal (`RehearsalStore.server`).
    private static func remoteStore(_ options: StoreOptions, _ requirements: StoreRequirements) async throws
        -> RehearsalStore
    {
        try await RehearsalStore.server(try await options.makeAnyStore(), requirements)
    }
}
