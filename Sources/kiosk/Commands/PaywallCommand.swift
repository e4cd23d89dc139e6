import Foundation

/// `kiosk` with no subcommand: the paywall on a catalog, over the simulator or a server.
struct PaywallCommand: Command {
    static let name = "kiosk"
    static let summary = "A terminal paywall and store front-end for StoreKit 2 purchase flows."
    static let usage =
        "kiosk [--catalog FILE] [--theme NAME|PATH] [--store sim|URL] [--account NAME] [--style STYLE]"
    static let options: [OptionSpec] = [
        .option("catalog", value: "FILE", help: "A .storekit catalog (default: the bundled demo catalog)."),
        .option("theme", value: "NAME|PATH", help: "A bundled theme name or a theme file."),
        .option("store", value: "sim|URL", help: "The in-process simulator (default) or a kiosk server URL."),
        .option("account", value: "NAME", help: "The sandbox account to sign in as."),
        .option("style", value: "STYLE", help: "Subscription control style (buttons, picker, ...)."),
        StateDirectory.option,
        .flag("ephemeral", help: "Keep all state in memory; nothing is written."),
    ]

    var arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        self.arguments = arguments
    }

    func run() async throws -> ExitCode {
        Console.error(
            """
            kiosk: the paywall screen is not built yet (it lands with the paywall TUI issue).
            Available now: 'kiosk lint FILE...'. See 'kiosk --help'.
            """)
        return .failure
    }
}
