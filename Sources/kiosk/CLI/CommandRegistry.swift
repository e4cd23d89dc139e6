import CommandLineOptions
import PaywallLaunch
import QAReports
import SharedState
import XcodeProject

/// Every `kiosk` subcommand, in the order `kiosk --help` lists them. The paywall runs when
/// no subcommand is named.
enum CommandRegistry {
    static var subcommands: [any Command.Type] {
        [
            LintCommand.self, StoreCommand.self, ServeCommand.self, VerifyCommand.self, CertsCommand.self,
            KeysCommand.self, HelpCommand.self, RehearseCommand.self, PresetCommand.self,
            CompletionsCommand.self, ShotCommand.self, GalleryCommand.self, JournalCommand.self,
            ReportCommand.self, StateCommand.self, RetentionCommand.self, XCTestCommand.self,
        ]
    }

    static func command(named name: String) -> (any Command.Type)? {
        subcommands.first { $0.name == name }
    }
}
