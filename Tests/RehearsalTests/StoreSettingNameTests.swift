import Foundation
import StoreCommands
import StoreCore
import Testing

/// The setting words are one list (`StoreSettingName`); the help text and the error message
/// derived from it read byte for byte as the hand-written ones did.
@Suite struct StoreSettingNameTests {
    @Test func theHelpTextReadsAsItDid() {
        #expect(
            StoreAction.set.synopsis
                == "set SETTING VALUE              ask-to-buy, billing-retry, grace-period, interrupted, dialogs, "
                + "finished-consumables: on|off; grace-days: 3|16|28")
    }

    @Test func anUnknownSettingIsNamedWithEveryWord() {
        #expect {
            try StoreWords.parse(["set", "bogus", "on"]).operation()
        } throws: { error in
            (error as? StoreWordsError)?.description
                == "unknown setting 'bogus': ask-to-buy, billing-retry, grace-period, grace-days, interrupted, "
                + "dialogs, finished-consumables"
        }
    }

    @Test func everyOnOffWordParsesToItsSetting() throws {
        for name in StoreSettingName.onOffNames {
            let operation = try StoreWords.parse(["set", name.rawValue, "on"]).operation()
            #expect(operation == .apply(try #require(name.setting(true))), "\(name)")
        }
        #expect(
            try StoreWords.parse(["set", "grace-days", "16"]).operation()
                == .apply(.billingGracePeriodDays(16)))
    }
}
