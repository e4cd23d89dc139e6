import CommandLineOptions
import PaywallLaunch
import SharedState

extension CompletionTable {
    /// What a shell completes on a `kiosk` command line, made from the declarations `--help` and
    /// the man page are made from: `CommandRegistry`, each command's `Options` (an option's
    /// definition says what its values are) and `positionals`.
    static func make() -> CompletionTable {
        func entry<C: Command>(_ command: C.Type) -> Entry {
            Entry(
                name: command == PaywallCommand.self ? "" : command.name, summary: command.summary,
                options: command.options + [.help], positionals: command.positionals)
        }
        return CompletionTable(
            program: "kiosk", root: entry(PaywallCommand.self),
            commands: CommandRegistry.subcommands.map { entry($0) },
            completionsCommand: CompletionsCommand.name,
            contextOptions: [StateDirectory.option, StoreOptions.catalogOption].map { "--" + $0.name })
    }
}
