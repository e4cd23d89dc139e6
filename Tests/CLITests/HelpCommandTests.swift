import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import Subprocess
import Testing

@testable import kiosk

/// `kiosk help TOPIC` reaches the same pages as the repository, offline, and `kiosk help man`
/// is made from the same option tables as --help.
@Suite struct HelpCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A run's lines reach the writer it is handed, so a test reads them in process; a reader
    /// that went away ends nothing but the output (the process's own writer stops quietly).
    @Test func outputIsReadInProcess() async throws {
        let (writer, lines) = ConsoleWriter.capturing()
        #expect(await Kiosk.run(["--version"], console: writer) == 0)
        #expect(lines().output == "kiosk \(Kiosk.version)\n")
        #expect(await Kiosk.run(["nonsense"], console: writer) == 64)
        #expect(lines().error.contains("unknown command 'nonsense'"))
        let gone = ConsoleWriter(output: { _ in throw CocoaError(.fileWriteUnknown) }, error: { _ in })
        #expect(await Kiosk.run(["--version"], console: gone) == 0)
    }

    @Test func everyDocsPageIsATopic() throws {
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }
        #expect(pages.count >= 8)
        for page in pages {
            let topic = String(page.dropLast(3))
            let text = try #require(try HelpCommand.text(for: topic, guide: true), "\(topic)")
            #expect(
                text
                    == (try String(
                        contentsOf: Self.root.appendingPathComponent("docs/\(page)"), encoding: .utf8)))
        }
        #expect(try HelpCommand.text(for: "readme")?.hasPrefix("# Kiosk") == true)
        #expect(try HelpCommand.text(for: "keys", guide: true) == KeyMaps.reference())
        #expect(try HelpCommand.text(for: "serve") == ServeCommand.helpText + "\n")
        #expect(try HelpCommand.text(for: "nope") == nil)
    }

    @Test func exitStatuses() async {
        #expect(await Kiosk.run(["--version"]) == 0)
        #expect(await Kiosk.run(["help"]) == 0)
        #expect(await Kiosk.run(["help", "troubleshooting"]) == 0)
        #expect(await Kiosk.run(["help", "nope"]) == 64)
        #expect(await Kiosk.run(["help", "a", "b"]) == 64)
        #expect(await Kiosk.run(["help", "store", "guide"]) == 0)
    }

    /// Where a guide and a command share a name, `kiosk help NAME` is the command's help (what
    /// someone typing a command's name wants) and names the guide, one word away.
    @Test func aCommandsHelpWinsAndNamesItsGuide() throws {
        for name in ["store", "state", "keys"] {
            let command = try #require(CommandRegistry.command(named: name))
            #expect(
                try HelpCommand.text(for: name)
                    == command.helpText + "\n\nThe guide: kiosk help \(name) guide\n")
        }
        #expect(try HelpCommand.text(for: "store", guide: true)?.hasPrefix("# ") == true)
        #expect(try HelpCommand.text(for: "state", guide: true)?.hasPrefix("# ") == true)
    }

    @Test func theManPageListsEveryOptionOfEveryCommand() {
        let page = KioskManual.render()
        #expect(page.hasPrefix(".TH KIOSK 1"))
        for command in CommandRegistry.subcommands {
            #expect(page.contains(".SS kiosk \(command.name)"))
            for option in command.options {
                #expect(
                    page.contains("\\fB\\-\\-\(ManPage.escape(option.name))\\fR"),
                    "\(command.name) --\(option.name)")
            }
        }
        for option in PaywallCommand.options { #expect(page.contains(ManPage.escape(option.help))) }
    }

    // `kiosk help man > kiosk.1` is a page man can install and show: every command's synopsis is
    // in it, new ones included, and groff reads it without a warning.

    @Test func everyCommandHasItsSynopsis() {
        let page = KioskManual.render()
        for command in CommandRegistry.subcommands {
            for line in command.usage.split(separator: "\n") {
                let synopsis = ManPage.escape(line.trimmingCharacters(in: .whitespaces))
                #expect(page.contains(synopsis), "\(command.name): \(synopsis)")
            }
        }
        #expect(page.contains(".SS kiosk preset") && page.contains(".SS kiosk completions"))
    }

    @Test(.enabled(if: CompletionsTests.has("groff"), "groff is not installed: apt-get install groff-base"))
    func groffReadsItWithoutWarnings() async throws {
        let path = NSTemporaryDirectory() + "kiosk-\(UUID().uuidString).1"
        try KioskManual.render().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Child.run(["groff", "-man", "-ww", "-z", path])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    }
}
