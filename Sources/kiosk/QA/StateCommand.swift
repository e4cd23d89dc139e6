import CommandLineOptions
import Foundation
import PaywallLaunch
import QAReports
import SharedState
import Simulator
import StoreCommands
import StoreCore

/// `kiosk state save|load|list|export|import`: save points of a state directory (docs/qa.md).
/// Save and load go through the process that owns the state (or this one, when none does), so an
/// open paywall is refreshed by a load; export reads the ledger with SQLite's online backup and
/// needs no owner; import checks the file before anything is touched.
struct StateCommand: Command {
    enum Action: String, CaseIterable {
        case save, load, list, export, `import`
        case importHistory = "import-history"
    }

    static let name = "state"
    static let summary = "Save, load, list, export and import save points of a state (for QA)."
    static let usage =
        "kiosk state save NAME | load [NAME] | list | export FILE | import FILE [--name NAME] [--state DIR]\n"
        + "       kiosk state import-history FILE... --trust ROOT.cer|--unverified [--account NAME] [--at ISO8601] "
        + "[--name NAME] [--catalog FILE [--add-missing-products]] [--state DIR]"
    struct Options: ParsableOptions {
        @OptionGroup var store: StoreOptions.Group
        @Option("name", value: "NAME", help: "import: the save point's name (default: the file's name).")
        var name: String?
        @Flag("json", help: "list: JSON Lines.") var json: Bool
        @Option(
            "trust", value: "ROOT.cer",
            help:
                "import-history: the root the files are signed under (DER or PEM; Apple Root CA G3 for real data)."
        )
        var trust: String?
        @Flag("unverified", help: "import-history: import without checking signatures (said in the journal).")
        var unverified: Bool
        @Flag(
            "add-missing-products",
            help:
                "import-history: add the products the catalog lacks, from the transactions, to STATE/imported-CATALOG."
        )
        var addMissingProducts: Bool
        @Option(
            "at", value: "ISO8601",
            help:
                "import-history: the store clock, 2026-11-30T09:00:00Z or 2026-11-30 (default: the newest signedDate).",
            transform: { text throws(UsageError) in try StateCommand.date(text) })
        var at: Date?
    }

    static let positionals = PositionalCompletion(first: .words(Action.allCases.map(\.rawValue)))
    static let discussion = """
        ACTIONS:
          save NAME      save the store now as STATE/savepoints/NAME.kiosk (letters, digits, . _ -)
          load [NAME]    put the store back to a save point (default: the newest); an open paywall re-reads it
          list           the save points, oldest first
          export FILE    the whole state (ledger, settings, journal, certificate authority) as one file
          import FILE    check FILE, keep it as a save point and load it
          import-history FILE...
                         a customer's history from Apple's servers (transaction history, subscription
                         statuses, transaction info, order lookup, refund history, notifications, or
                         JWS one per line), verified with --trust ROOT.cer, made a save point
                         (history-ACCOUNT) and loaded; what the state held before is saved first

        A save point is one SQLite file made with SQLite's online backup, consistent even while the
        store is in use. Loading keeps the journal: the load is one more line of it.

        EXIT STATUS:
          0  done
          1  the store refused (the reason is printed)
          64 usage error
          65 the file is not a usable save point (nothing was changed)
          66 no such save point or file
        """

    var action: Action
    var argument: String?
    /// import-history: the files, in the order given.
    var files: [String] = []
    var options: Options
    var storeOptions: StoreOptions

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard let first = arguments.positionals.first else {
            throw UsageError("name an action: save, load, list, export, import or import-history")
        }
        guard let action = Action(rawValue: first) else {
            throw UsageError(
                "unknown action '\(first)': use save, load, list, export, import or import-history")
        }
        self.action = action
        let rest = Array(arguments.positionals.dropFirst())
        switch action {
        case .save, .export, .import:
            guard rest.count == 1 else {
                throw UsageError("\(first) needs one \(action == .save ? "NAME" : "FILE")")
            }
        case .load:
            guard rest.count <= 1 else { throw UsageError("load takes at most one NAME") }
        case .list:
            guard rest.isEmpty else { throw UsageError("list takes no arguments") }
        case .importHistory:
            guard !rest.isEmpty else { throw UsageError("import-history needs one FILE or more") }
            files = rest
            try Self.checkTrust(arguments.options)
        }
        argument = rest.first
        options = arguments.options
        storeOptions = try StoreOptions(options.store)
        if storeOptions.isEphemeral || storeOptions.remote != nil {
            throw UsageError(
                "save points live in a state directory: use --state DIR, not --ephemeral or --store URL")
        }
        // A name is checked before anything else is read or written.
        if let name = action == .save
            ? argument : [.import, .importHistory].contains(action) ? options.name : nil
        {
            do { _ = try SavePoints.validName(name) } catch { throw UsageError("\(error)") }
        }
    }

    func run() async throws -> ExitCode {
        switch action {
        case .save: try await perform(.saveState(name: argument))
        case .load: try await perform(.loadState(name: argument))
        case .list: try list()
        case .export: try export(to: URL(fileURLWithPath: argument ?? ""))
        case .import: try await importFile(URL(fileURLWithPath: argument ?? ""))
        case .importHistory: try await importHistory()
        }
        return .success
    }

    /// Save and load, on the store of the state's owner.
    func perform(_ operation: StoreOperation) async throws {
        let opened = try await storeOptions.open(command: "kiosk state \(action.rawValue)")
        do {
            let result = try await opened.store.perform(operation)
            await opened.close()
            Console.print(operation.outcome(result))
        } catch {
            await opened.close()
            let missing = "\(error)".hasPrefix("no save point")
            throw CommandFailure(
                "kiosk state \(action.rawValue): \(error)", exit: missing ? .noInput : .failure)
        }
    }

    private func list() throws {
        let points = SavePoints.list(in: storeOptions.state.url)
        if options.json {
            for point in points { Console.print(try SavePointListing.jsonLine(point)) }
            return
        }
        guard !points.isEmpty else {
            Console.print("(no save points in \(SavePoints.directory(in: storeOptions.state.url).path))")
            return
        }
        for line in SavePointListing.table(points) { Console.print(line) }
    }

    private func export(to file: URL) throws {
        do {
            try SavePoints.export(stateDirectory: storeOptions.state.url, to: file)
        } catch {
            throw CommandFailure("kiosk state export: \(error)", exit: .cannotCreate)
        }
        Console.print(file.path)
    }

    /// Checks the name and the file, keeps it as a save point and loads it. Nothing in the state
    /// directory changes before every check passed, and a failed load undoes the install. A file
    /// signed by another authority brings its authority along, which only works while nobody
    /// has the state open.
    private func importFile(_ file: URL) async throws {
        let name = options.name ?? SavePointImport.name(forFile: file)
        let checked: SavePointImport
        // A large state takes a while to check row by row: a bar on a terminal, nothing otherwise.
        let bar = ProgressBar.onStandardError("checking \(file.lastPathComponent)")
        do {
            defer { bar?.finish() }
            checked = try SavePointImport(
                file: file, name: name, progress: bar.map { bar in { bar.update($0, of: $1) } })
        } catch {
            let missing = !FileManager.default.fileExists(atPath: file.path)
            throw CommandFailure("kiosk state import: \(error)", exit: missing ? .noInput : .dataError)
        }
        let state = try storeOptions.state.create(warn: StateDirectory.warn)
        let load = StateCommand(copying: self, action: .load, argument: checked.name)
        do throws(SavePointImport.StateImportError) {
            try await checked.importInto(state) {
                Console.error(
                    "\(file.lastPathComponent): \(checked.summary.accounts) accounts, \(checked.summary.transactions) "
                        + "transactions, \(checked.summary.journalLines) journal lines")
                try await load.perform(.loadState(name: checked.name))
            }
        } catch .stateInUse(let owner) {
            throw CommandFailure(
                "kiosk state import: \(file.path) was signed by another certificate authority, and "
                    + "\(owner) has \(state.path) open; quit it and import "
                    + "again, or import into a new --state DIR; nothing was changed", exit: .failure)
        } catch .install(let error) {
            throw CommandFailure("kiosk state import: \(error); nothing was changed", exit: .cannotCreate)
        } catch .load(let error) {
            throw error
        }
    }

    init(copying other: StateCommand, action: Action, argument: String?) {
        self = other
        self.action = action
        self.argument = argument
    }
}
