import CommandLineOptions
import PaywallLaunch

/// kiosk(1): the man page `kiosk help man` prints, made from the same declarations, usages and
/// discussions as `--help`, so the man page and the help never disagree.
enum KioskManual {
    static func render() -> String {
        ManPage(
            program: "kiosk", source: "Kiosk", summary: PaywallCommand.summary,
            usages: [PaywallCommand.usage] + CommandRegistry.subcommands.map { $0.usage },
            description: PaywallCommand.discussion, options: PaywallCommand.options,
            commands: CommandRegistry.subcommands.map {
                ManPage.Command(
                    name: "kiosk \($0.name)", summary: $0.summary, options: $0.options,
                    discussion: $0.discussion)
            },
            trailer: [
                ".SH FILES", ".TP", "\\fI$XDG_STATE_HOME/kiosk/\\fR (default \\fI~/.local/state/kiosk/\\fR)",
                "The state directory: ledger, certificate authority, server token, pinned roots, API keys.",
                ".SH SEE ALSO",
                "\\fBkiosk help\\fR TOPIC shows the documentation pages offline; \\fBkiosk help troubleshooting\\fR "
                    + "lists symptoms, causes and fixes.",
            ]
        )
        .render()
    }
}
