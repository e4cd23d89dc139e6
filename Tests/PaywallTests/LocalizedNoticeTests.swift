import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

/// The banners and the paywall's small labels follow the store's locale, like the rest of the
/// screen; English stays word for word what it always was.
@Suite struct LocalizedNoticeTests {
    struct Expected: Sendable, CustomStringConvertible {
        let locale: String
        /// The purchase banner with `%@` for the product's name, the restore banner, the refund
        /// banner with `%@`, and the status line's help keys.
        let purchased: String, restored: String, refunded: String, keys: String
        var description: String { locale }
    }

    static let languages = [
        Expected(
            locale: "de_DE", purchased: "%@ gekauft", restored: "1 Kauf wiederhergestellt",
            refunded: "Erstattet: %@ wurde widerrufen", keys: "? Hilfe · q beenden"),
        Expected(
            locale: "ja", purchased: "%@を購入しました", restored: "1件の購入を復元しました",
            refunded: "返金済み：%@は取り消されました", keys: "? ヘルプ · q 終了"),
        Expected(
            locale: "ar", purchased: "تم شراء %@", restored: "تمت استعادة عملية شراء واحدة",
            refunded: "تم رد المبلغ: أُلغي %@", keys: "? مساعدة · q خروج"),
    ]

    @Test(arguments: languages)
    func purchaseRestoreAndRefundBannersFollowTheLocale(expected: Expected) async throws {
        var driver = try await Driver(
            store: try Fixtures.store(), content: try Fixtures.content(), size: Size(columns: 120, rows: 30))
        _ = try await driver.store.perform(.apply(.locale(expected.locale)))
        await driver.paywall.refresh()
        #expect(driver.state.content.strings.language == String(expected.locale.prefix(2)))
        let lifetime = "com.kiosk.lumen.lifetime"
        let name = driver.state.store.name(of: lifetime)

        await driver.press(.tab, .enter, .enter)
        #expect(driver.state.store.entitledProductIDs.contains(lifetime))
        let purchased = expected.purchased.replacingOccurrences(of: "%@", with: name)
        #expect(driver.state.notices.last?.text == purchased)
        #expect(!driver.paywall.screenText.contains("Purchased"))

        await driver.press(.character("r"))
        #expect(driver.state.notices.last?.text == expected.restored)

        await driver.press(.character("m"), .character("f"), .escape)
        let refunded = try #require(try await driver.store.latest(for: lifetime))
        await driver.send(.update(refunded))
        let refund = expected.refunded.replacingOccurrences(of: "%@", with: name)
        #expect(driver.state.notices.last?.text == refund)

        let screen = driver.paywall.screenText
        // Right-to-left text is drawn in visual order; the others as written.
        let drawn = { (text: String) in expected.locale == "ar" ? BidiText.visualOrder(text) : text }
        #expect(screen.contains(drawn(refund)), "\(screen)")
        #expect(!screen.contains("was revoked") && !screen.contains("no entitlements"), "\(screen)")
        #expect(screen.contains(drawn(expected.keys)) || screen.contains(expected.keys), "\(screen)")
    }

    @Test func englishBannersAreWordForWordAsBefore() {
        let strings = PaywallStrings.forLocale("en_US")
        #expect(strings.format(.purchased, ["product": "Lumen Pro"]) == "Purchased Lumen Pro")
        #expect(strings[.restoredOne] == "Restored 1 purchase")
        #expect(strings.format(.restoredOther, ["n": "0"]) == "Restored 0 purchases")
        #expect(
            strings.format(.awaitingApproval, ["product": "Lumen"])
                == "Waiting for approval: Lumen (Ask to Buy)")
        #expect(strings.format(.failed, ["what": "Purchase", "error": "boom"]) == "Purchase failed: boom")
        #expect(strings.localized(KeyMaps.paywall).helpLine(only: [.help, .quit]) == "? help · q quit")
    }

    @Test func aFailedRestoreAndASignInSayItInTheLocale() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        _ = try await driver.store.perform(.apply(.locale("de_DE")))
        await driver.paywall.refresh()
        await driver.send(.failed(.effect(.sync), .backend("offline")))
        #expect(driver.state.notices.last?.text.hasPrefix("Wiederherstellen fehlgeschlagen: ") == true)
        await driver.send(.failed(.effect(.redeem(code: "SPRING")), .backend("offline")))
        #expect(driver.state.notices.last?.text.hasPrefix("Einlösen von SPRING fehlgeschlagen: ") == true)
        await driver.send(.done(.signedIn(account: "family")))
        #expect(driver.state.notices.last?.text == "Angemeldet als family")
        await driver.send(
            .done(.performed(.respondToPriceIncrease(transactionID: 3, accept: false), .done)))
        #expect(driver.state.notices.last?.text == "Preiserhöhung abgelehnt")
        // The Transaction Manager's outcomes are a tester's words and stay English.
        await driver.send(
            .done(.performed(.refund(transactionID: 3, reason: .other, percentage: 100_000), .done)))
        #expect(driver.state.notices.last?.text == "Refunded transaction 3 (other)")
    }

    @Test func theCodeFieldAndTheAccountMenuAreInTheLocale() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        _ = try await driver.store.perform(.apply(.locale("ja")))
        await driver.paywall.refresh()
        await driver.press(.character("c"))
        var screen = driver.paywall.screenText
        #expect(screen.contains("コード") && screen.contains("使用") && !screen.contains("CODE"), "\(screen)")
        await driver.press(.escape, .character("a"))
        screen = driver.paywall.screenText
        #expect(screen.contains("Sandboxアカウント · プリセット") && !screen.contains("Sandbox accounts"), "\(screen)")
        #expect(screen.contains("プリセット：new-user") && !screen.contains("preset:"), "\(screen)")
        await driver.press(.escape)
        await driver.send(.failed(.effect(.reload), .backend("offline")))
        #expect(driver.state.notices.last?.text == "ストアの読み込みに失敗しました：offline")
        await driver.paywall.resize(Size(columns: 30, rows: 8))
        screen = driver.paywall.screenText
        #expect(screen.contains("ターミナルが小さすぎます") && screen.contains("現在：30x8"), "\(screen)")
    }

    @Test func aFailedRenewalAndItsBannerReadInTheLocale() async throws {
        var (store, state) = try await BillingStatusTests().openedAfterAFailedRenewal(grace: true)
        _ = try await store.perform(.apply(.locale("ja")))
        state.content.localize(to: "ja")
        _ = PaywallProgram.update(&state, .message(.billingIssue(productID: "com.kiosk.lumen.plus.monthly")))
        let text = PaywallProgram.render(
            state, theme: try Fixtures.theme(), size: Size(columns: 120, rows: 30)
        )
        .buffer.plainText
        #expect(text.contains("に支払いに失敗") && text.contains("猶予期間は"), "\(text)")
        #expect(text.contains("の請求に問題があります。お支払い方法を更新してください"), "\(text)")
        #expect(!text.contains("payment failed") && !text.contains("Billing problem"), "\(text)")
    }

    @Test(arguments: PaywallStrings.supportedLanguages.filter { $0 != "en" })
    func thePaywallsKeyListIsInTheLocale(language: String) {
        let strings = PaywallStrings.forLocale(language)
        let english = KeyMaps.page(for: nil).rows
        let rows = strings.localized(KeyMaps.paywall).help
        #expect(rows.map(\.label) == english.map(\.label))
        for (row, original) in zip(rows, english) {
            #expect(
                row.description != original.description,
                "\(language): '\(original.description)' has no word: add it to PaywallStrings.xcstrings")
        }
        #expect(PaywallStrings.english.localized(KeyMaps.paywall).help == english)
    }

    @Test func theCodeFieldsPlaceholderReadsRightToLeftInArabic() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        _ = try await driver.store.perform(.apply(.locale("ar")))
        await driver.paywall.refresh()
        await driver.press(.character("c"))
        let screen = driver.paywall.screenText
        #expect(screen.contains(BidiText.visualOrder("الرمز")) && !screen.contains("الرمز"), "\(screen)")
    }
}
