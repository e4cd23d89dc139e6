import Catalog
import CommandLineOptions
import Foundation
import PaywallLaunch
import SharedState
import StoreCore

/// `kiosk completions bash|zsh|fish`: a completion script made from the same command and
/// option tables as `--help`. The scripts ask `kiosk completions --list KIND` for the values
/// only the catalog and the state know (product IDs, account names) while completing.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script (bash, zsh or fish)."
    static let usage =
        "kiosk completions bash|zsh|fish\n"
        + "       kiosk completions --list products|accounts|groups [--catalog FILE] [--state DIR]"
    struct Options: ParsableOptions {
        @Option(
            "list", value: "KIND",
            help: "Print the values of KIND one a line (what the scripts call): products, accounts, groups.",
            completion: .words(ListKind.allCases.map(\.rawValue)), transform: ListKind.init(option:))
        var list: ListKind?
        @Option(
            .option(
                "catalog", value: "FILE|NAME", help: "--list products, groups: the catalog (default: demo).",
                completion: StoreOptions.catalogCompletion))
        var catalog: String?
        @Option(StateDirectory.option) var state: String?
    }

    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// What `--list` prints: the values only the catalog and the state know.
    enum ListKind: String, CaseIterable {
        case products, accounts, groups

        @Sendable init(option text: String) throws(UsageError) {
            guard let kind = ListKind(rawValue: text) else {
                throw UsageError(
                    "--list takes " + ListKind.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", got '\(text)'")
            }
            self = kind
        }
    }

    static let positionals = PositionalCompletion(first: .words(Shell.allCases.map(\.rawValue)))
    static let discussion = """
        INSTALL:
          bash:  kiosk completions bash > ~/.local/share/bash-completion/completions/kiosk
          zsh:   kiosk completions zsh > "${fpath[1]}/_kiosk"   (then restart zsh, or compinit)
          fish:  kiosk completions fish > ~/.config/fish/completions/kiosk.fish

        Product IDs and subscription groups come from the catalog on the command line (--catalog) or the
        bundled demo; account names from the state (--state, or the default state directory), read only
        when it exists.
        """

    /// A script, or the values the scripts ask for.
    enum Job {
        case script(Shell)
        case list(ListKind)
    }

    var job: Job
    var options: Options

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        options = arguments.options
        if let kind = options.list {
            if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
            job = .list(kind)
            return
        }
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            throw UsageError("name one shell: bash, zsh or fish")
        }
        guard let known = Shell(rawValue: shell) else {
            throw UsageError("no completions for '\(shell)': bash, zsh or fish")
        }
        job = .script(known)
    }

    func run() async throws -> ExitCode {
        switch job {
        case .list(let kind):
            for value in try await Self.list(kind, options: options) { Console.print(value) }
        case .script(.bash): Console.print(CompletionScript.bash(CompletionTable.make()))
        case .script(.zsh): Console.print(CompletionScript.zsh(CompletionTable.make()))
        case .script(.fish): Console.print(CompletionScript.fish(CompletionTable.make()))
        }
        return .success
    }

    /// The values of a dynamic kind. Quick and quiet: a missing state or a bad catalog lists
    /// nothing (a completion must never print errors into the command line being typed).
    static func list(_ kind: ListKind, options: Options) async throws -> [String] {
        let storeOptions = try StoreOptions(catalog: options.catalog, state: options.state)
        switch kind {
        case .products, .groups:
            // Quiet, as said above: a bad catalog completes nothing.
            guard let catalog = try? storeOptions.loadCatalog() else { return [] }
            let products = catalog.products()
            if kind == .products { return products.map(\.id) }
            var groups: [String] = []
            for product in products {
                if let group = product.subscription?.groupID, !groups.contains(group) { groups.append(group) }
            }
            return groups
        case .accounts:
            let ledger = storeOptions.state.layout.ledger.path
            guard FileManager.default.fileExists(atPath: ledger) else { return [] }
            // Quiet, as said above: a state that does not open, or cannot list, completes nothing.
            guard let opened = try? await storeOptions.open(command: "kiosk completions") else { return [] }
            let accounts = (try? await opened.store.accounts().map(\.name.rawValue)) ?? []
            await opened.close()
            return accounts
        }
    }
}
