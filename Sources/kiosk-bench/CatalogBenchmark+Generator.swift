import Catalog
import Foundation
import StoreCore

extension CatalogBenchmark {
    /// A catalog shaped like a large real one: every subscription has two localizations, an
    /// introductory offer, a promotional offer and an offer code; every fourth a win-back offer.
    static func makeConfiguration() -> StoreKitConfiguration {
        let periods = ["P1W", "P1M", "P3M", "P6M", "P1Y"].compactMap { SubscriptionPeriod(iso8601: $0) }
        var configuration = StoreKitConfiguration(
            version: .init(major: 4, minor: 0), identifier: "BENCH001",
            settings: ConfigurationSettings(locale: "en_US", storefront: "USA", timeRate: 0))
        for group in 0..<groups {
            let groupID = String(format: "%08X", 0x1000_0000 + group)
            var subscriptions: [ConfigurationSubscription] = []
            for index in 0..<subscriptionsPerGroup {
                let id = "com.example.bench.group\(group).tier\(index / 5 + 1).plan\(index)"
                let period = periods[index % periods.count]
                let product = ConfigurationProduct(
                    productID: id, type: .recurringSubscription,
                    // Digits, a dot and two digits: always a price, so the unwrap cannot fail.
                    displayPrice: CatalogPrice("\(index + 1).99")!,
                    familyShareable: index % 3 == 0, internalID: String(format: "%08X", group * 100 + index),
                    referenceName: "Group \(group) tier \(index / 5 + 1) plan \(index)",
                    localizations: [
                        ConfigurationLocalization(
                            locale: "en_US", displayName: "Tier \(index / 5 + 1) \(period)",
                            description: "Everything in tier \(index / 5 + 1), renewed every \(period)."),
                        ConfigurationLocalization(
                            locale: "de_DE", displayName: "Stufe \(index / 5 + 1) \(period)",
                            description: "Alles aus Stufe \(index / 5 + 1), verlängert alle \(period)."),
                    ])
                subscriptions.append(
                    ConfigurationSubscription(
                        product: product, groupNumber: index / 5 + 1, recurringSubscriptionPeriod: period,
                        subscriptionGroupID: groupID,
                        introductoryOffer: ConfigurationOffer(
                            internalID: "I\(group)-\(index)", paymentMode: .freeTrial,
                            subscriptionPeriod: periods[0], numberOfPeriods: 1),
                        adHocOffers: [
                            ConfigurationOffer(
                                internalID: "P\(group)-\(index)", offerID: "\(id).promo",
                                referenceName: "Promo",
                                paymentMode: .payAsYouGo, subscriptionPeriod: periods[1], numberOfPeriods: 3,
                                displayPrice: CatalogPrice("0.99"))
                        ],
                        codeOffers: [
                            ConfigurationOffer(
                                internalID: "C\(group)-\(index)", referenceName: "CODE\(index)",
                                paymentMode: .payUpFront,
                                subscriptionPeriod: periods[2], numberOfPeriods: 1,
                                displayPrice: CatalogPrice("4.99"),
                                eligibility: [.new, .expired], isStackable: false)
                        ],
                        winbackOffers: index % 4 == 0
                            ? [
                                ConfigurationOffer(
                                    internalID: "W\(group)-\(index)", offerID: "\(id).winback",
                                    referenceName: "Back",
                                    paymentMode: .freeTrial, subscriptionPeriod: periods[1],
                                    numberOfPeriods: 1,
                                    isEligible: true, priority: "normal")
                            ] : []))
            }
            configuration.subscriptionGroups.append(
                ConfigurationSubscriptionGroup(
                    id: groupID, name: "Group \(group)",
                    localizations: [
                        ConfigurationLocalization(
                            locale: "en_US", displayName: "Plans \(group)", description: "")
                    ],
                    subscriptions: subscriptions))
        }
        return configuration
    }
}
