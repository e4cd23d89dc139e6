import Foundation
import StoreCommands
import StoreCore
import TerminalUI
import Testing

@testable import kiosk

/// The references list everything there is: a new action, rate, failure or role that the docs do
/// not mention fails here.
@Suite struct ReferenceDocsTests {
    static func page(_ name: String) throws -> String {
        try #require(try HelpCommand.text(for: name, guide: true), "docs/\(name).md is missing")
    }

    @Test func theStoreReferenceListsEveryActionRateAndFailure() throws {
        let store = try Self.page("store")
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

    @Test func theThemeGuideListsEveryRole() throws {
        let themes = try Self.page("themes")
        for role in ThemeRole.allCases { #expect(themes.contains("| `\(role.rawValue)` |"), "\(role)") }
    }

    @Test func everyGuideTheReadmeNamesExists() throws {
        let readme = try Self.page("readme")
        for name in ["troubleshooting", "store", "state", "keys", "catalogs", "themes", "server", "signing"] {
            #expect(readme.contains("`docs/\(name).md`"), "\(name)")
            _ = try Self.page(name)
        }
    }
}
