import CommandLineOptions
import Paywall
import Testing

@testable import kiosk

/// `kiosk --template NAME`: a known template is taken, anything else is a usage error naming them.
@Suite struct PaywallTemplateOptionTests {
    @Test func aKnownTemplateIsTakenAndAnUnknownOneIsAUsageError() async throws {
        for template in PaywallTemplate.allCases {
            let parsed = try PaywallCommand.Options.parse(
                ["--template", template.rawValue], command: "kiosk")
            #expect(try PaywallCommand(parsed).template == template)
        }
        #expect(await Kiosk.run(["--template", "carousel", "--ephemeral"]) == 64)
    }
}
