import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Signing
import Simulator
import Testing

import enum StoreCore.StoreSetting

extension StoreKitSessionTests {
    /// The value types' `localizedDescription` speaks the session's locale (the String Catalog's
    /// `storeKit…` words), as StoreKit speaks the customer's; a language the paywall does not
    /// speak gets English. (PaywallStringCatalogTests checks every word is in every language.)
    @Suite @MainActor struct LocalizedDescriptionTests {
        func session(locale: String) throws -> SKTestSession {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.locale = Locale(identifier: locale)
            return session
        }

        @Test func frenchSessionsSpeakFrench() throws {
            let session = try session(locale: "fr_FR")
            #expect(Product.SubscriptionInfo.RenewalState.expired.localizedDescription == "Expiré")
            #expect(
                Product.SubscriptionInfo.RenewalInfo.ExpirationReason.billingError.localizedDescription
                    == "Erreur de facturation")
            #expect(Product.SubscriptionPeriod.Unit.month.localizedDescription == "Mois")
            #expect(Transaction.OfferType.code.localizedDescription == "Code d’offre")
            #expect(
                Product.SubscriptionOffer.OfferType.introductory.localizedDescription == "Offre de lancement")
            #expect(Product.SubscriptionOffer.PaymentMode.freeTrial.localizedDescription == "Essai gratuit")
            #expect(Transaction.Offer.PaymentMode.payUpFront.localizedDescription == "Paiement initial")
            #expect(Transaction.OwnershipType.familyShared.localizedDescription == "Partagé en famille")
            #expect(Transaction.RevocationReason.other.localizedDescription == "Autre")
            _ = session
        }

        @Test func japaneseSessionsSpeakJapaneseAndTheLocaleCanChange() throws {
            let session = try session(locale: "ja_JP")
            #expect(Product.SubscriptionInfo.RenewalState.inGracePeriod.localizedDescription == "猶予期間中")
            #expect(Transaction.OwnershipType.purchased.localizedDescription == "購入済み")
            session.locale = Locale(identifier: "zh_TW")
            #expect(Product.SubscriptionInfo.RenewalState.revoked.localizedDescription == "已撤銷")
            session.locale = Locale(identifier: "fi_FI")
            #expect(Product.SubscriptionInfo.RenewalState.revoked.localizedDescription == "Revoked")
        }

        /// `subscriptionPeriodUnitFormatStyle` writes the unit in the session's language, as
        /// `localizedDescription` does; a style given a locale speaks that locale's.
        @Test func theUnitFormatStyleSpeaksTheSessionsLocale() async throws {
            let session = try session(locale: "de_DE")
            let product = try #require(
                try await Product.products(for: ["com.kiosk.lumen.ultimate.monthly"]).first)
            let unit = try #require(product.subscription?.subscriptionPeriod.unit)
            #expect(unit == .month)
            #expect(unit.formatted(product.subscriptionPeriodUnitFormatStyle) == "Monat")
            session.locale = Locale(identifier: "es_ES")
            #expect(unit.formatted(product.subscriptionPeriodUnitFormatStyle) == "Mes")
            let japanese = product.subscriptionPeriodUnitFormatStyle.locale(Locale(identifier: "ja_JP"))
            #expect(unit.formatted(japanese) == "月")
            let finnish = Product.SubscriptionPeriod.Unit.FormatStyle(locale: Locale(identifier: "fi_FI"))
            #expect(Product.SubscriptionPeriod.Unit.year.formatted(finnish) == "Year")
        }

        /// Without a session, the locale is the store's settings' as first read (a catalog's
        /// `_locale`, `kiosk store set locale`), read once at the app's first call.
        @Test func aConfiguredStoresLocaleIsReadAtTheFirstCall() async throws {
            let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Lumen.storekit").path
            let store = try StoreConfiguration.simulator(catalogPath: catalog, location: .ephemeral())
            try await store.apply(.locale("de_DE"))
            let binding = StoreBinding(store: store, simulator: store)
            #expect(binding.localeIdentifier == nil)
            try await binding.prepare()
            #expect(binding.localeIdentifier == "de_DE")
            binding.close()
        }
    }
}
