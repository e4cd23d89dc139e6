import Catalog
import Foundation
import SourceDiagnostics
import StoreCore
import Testing

@Suite("Real .storekit files", Corpus.required)
struct CorpusTests {
    @Test("SOURCES.md lists every corpus file")
    func tableIsComplete() throws {
        let listed = Set(try Corpus.entries().map(\.file))
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Corpus.directory.path))
            .filter { $0.hasSuffix(".storekit") }
        #expect(listed == present)
        #expect(!listed.isEmpty)
    }

    @Test("every file loads without error, with the counts in SOURCES.md")
    func loadsWithCounts() throws {
        for entry in try Corpus.entries() {
            let decoded = StoreKitConfiguration.decode(try Corpus.bytes(of: entry), file: entry.file)
            #expect(decoded.diagnostics.errors.isEmpty, "\(entry): \(decoded.diagnostics.errors)")
            let configuration = try #require(decoded.value, "\(entry)")
            #expect(configuration.version.description == entry.version, "\(entry)")
            #expect(configuration.products.count == entry.products, "\(entry)")
            #expect((configuration.nonRenewingSubscriptions ?? []).count == entry.nonRenewing, "\(entry)")
            #expect(configuration.subscriptionGroups.count == entry.groups, "\(entry)")
            #expect(configuration.allSubscriptions.count == entry.subscriptions, "\(entry)")
            let products = configuration.products()
            #expect(products.count == entry.products + entry.nonRenewing + entry.subscriptions, "\(entry)")
        }
    }

    @Test("every offer, plan and setting in the raw JSON comes through")
    func offersAndSettingsComeThrough() throws {
        for entry in try Corpus.entries() {
            let tree = try Corpus.foundationTree(of: entry)
            let configuration = try #require(
                StoreKitConfiguration.decode(try Corpus.bytes(of: entry), file: entry.file).value)
            let rawSubscriptions = (tree["subscriptionGroups"] as? [[String: Any]] ?? [])
                .flatMap { $0["subscriptions"] as? [[String: Any]] ?? [] }
            for (key, decoded) in offerCounts(configuration) {
                let raw = rawSubscriptions.reduce(0) { total, subscription in
                    switch subscription[key] {
                    case let list as [Any]: total + list.count
                    case is [String: Any]: total + 1
                    default: total
                    }
                }
                #expect(decoded == raw, "\(entry) \(key)")
            }
            let rawSettings = tree["settings"] as? [String: Any] ?? [:]
            #expect(settingCount(configuration.settings) == rawSettings.count, "\(entry) settings")
            let rawErrors = rawSettings["_storeKitErrors"] as? [Any]
            #expect(
                configuration.settings?.storeKitErrors?.count == rawErrors?.count, "\(entry) _storeKitErrors")
            let rawPolicies = (tree["appPolicies"] as? [String: Any])?["policies"] as? [Any]
            #expect(configuration.appPolicies?.policies.count == rawPolicies?.count, "\(entry) appPolicies")
            #expect(
                (configuration.subscriptionOffersKeyPair != nil) == (tree["subscriptionOffersKeyPair"] != nil)
            )
            #expect(configuration.unknownFields.isEmpty, "\(entry) has keys Kiosk does not know")
        }
    }

    @Test("products localize with formatted prices and every offer kind")
    func productsMap() throws {
        for entry in try Corpus.entries() {
            let configuration = try #require(
                StoreKitConfiguration.decode(try Corpus.bytes(of: entry), file: entry.file).value)
            let products = configuration.products()
            let mappedOffers = products.compactMap(\.subscription).reduce(0) { $0 + $1.allOffers.count }
            let subscriptions = configuration.allSubscriptions
            let expected = subscriptions.reduce(0) { total, subscription in
                let intro =
                    subscription.introductoryOffer != nil || !(subscription.introductoryOffers ?? []).isEmpty
                return total + (intro ? 1 : 0) + (subscription.adHocOffers ?? []).count
                    + (subscription.codeOffers ?? []).count + (subscription.winbackOffers ?? []).count
            }
            #expect(mappedOffers == expected, "\(entry)")
            for product in products {
                #expect(!product.displayName.isEmpty, "\(entry) \(product.id)")
                #expect(product.displayPrice.contains("$"), "\(entry) \(product.id) \(product.displayPrice)")
            }
        }
    }

    private func offerCounts(_ configuration: StoreKitConfiguration) -> [String: Int] {
        let subscriptions = configuration.allSubscriptions
        func total(_ list: (ConfigurationSubscription) -> Int) -> Int {
            subscriptions.reduce(0) { $0 + list($1) }
        }
        return [
            "introductoryOffer": total { $0.introductoryOffer == nil ? 0 : 1 },
            "introductoryOffers": total { $0.introductoryOffers?.count ?? 0 },
            "adHocOffers": total { $0.adHocOffers?.count ?? 0 },
            "codeOffers": total { $0.codeOffers?.count ?? 0 },
            "winbackOffers": total { $0.winbackOffers?.count ?? 0 },
            "billingPlans": total { $0.billingPlans?.count ?? 0 },
        ]
    }

    /// How many settings keys the decoded settings hold.
    private func settingCount(_ settings: ConfigurationSettings?) -> Int {
        guard let settings else { return 0 }
        let values: [Any?] = [
            settings.locale, settings.storefront, settings.timeRate, settings.compatibilityTimeRate,
            settings.askToBuyEnabled, settings.disableDialogs, settings.renewalBillingIssuesEnabled,
            settings.billingGracePeriodEnabled, settings.billingIssuesEnabled,
            settings.failTransactionsEnabled,
            settings.storeKitError, settings.storeKitErrors, settings.applicationInternalID,
            settings.developerTeamID,
            settings.lastSynchronizedDate,
        ]
        return values.compactMap { $0 }.count + settings.unknownFields.count
    }
}
