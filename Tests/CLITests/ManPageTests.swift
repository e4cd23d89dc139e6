import CommandLineOptions
import Foundation
import Subprocess
import Testing

@testable import kiosk

/// `kiosk help man > kiosk.1` is a page man can install and show: every command's synopsis is
/// in it, new ones included, and groff reads it without a warning.
@Suite struct ManPageTests {
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
