import CommandLineOptions
import Foundation
import StoreCommands
import StoreCore
import TerminalUI
import Testing
import kiosk

/// The references list everything there is: a new action, rate, failure or role that the docs do
/// not mention fails here.
@Suite struct ReferenceDocsTests {
    /// The guide as `kiosk help NAME guide` prints it.
    static func page(_ name: String) async throws -> String {
        let (writer, lines) = ConsoleWriter.capturing()
        let status = await Kiosk.run(["help", name, "guide"], console: writer)
        try #require(status == 0, "docs/\(name).md is missing: \(lines().error)")
        return lines().output
    }

    @Test func theStoreReferenceListsEveryActionRateAndFailure() async throws {
        let store = try await Self.page("store")
        for action in StoreAction.allCases {
            #expect(store.contains("`\(action.rawValue)"), "\(action)")
        }
        for rate in TimeRate.allCases {
            #expect(store.contains("| \(rate.rawValue) | \(rate.description) |"), "\(rate)")
        }
        for failure in SimulatedFailure.allCases {
            #expect(store.contains("`\(failure.code)`"), "\(failure)")
        }
        for api in FailableAPI.allCases { #expect(store.contains("`\(api.key)`"), "\(api)") }
    }

    @Test func theThemeGuideListsEveryRole() async throws {
        let themes = try await Self.page("themes")
        for role in ThemeRole.allCases { #expect(themes.contains("| `\(role.rawValue)` |"), "\(role)") }
    }

    @Test func everyGuideTheReadmeNamesExists() async throws {
        let readme = try await Self.page("readme")
        for name in ["troubleshooting", "store", "state", "keys", "catalogs", "themes", "server", "signing"] {
            #expect(readme.contains("`docs/\(name).md`"), "\(name)")
            _ = try await Self.page(name)
        }
    }
}
