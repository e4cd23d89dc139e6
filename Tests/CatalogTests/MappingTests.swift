import Catalog
import Foundation
import StoreCore
import Testing

@Suite("Mapping to StoreKit products")
struct MappingTests {
    static let localized = Fixtures.base(
        replacing: "[ { \"description\" : \"A coin\", \"displayName\" : \"Coin\", \"locale\" : \"en_US\" } ]",
        with: """
            [ { "description" : "", "displayName" : "", "locale" : "fr_FR" },
              { "description" : "A coin", "displayName" : "Coin", "locale" : "en_US" },
              { "description" : "Una moneda", "displayName" : "Moneda", "locale" : "es_ES" },
              { "description" : "硬币", "displayName" : "硬币", "locale" : "zh_Hans" } ]
            """)

    @Test(arguments: [
        ("es_ES", "Moneda"), ("es_MX", "Moneda"), ("zh_Hans", "硬币"), ("zh", "硬币"), ("de_DE", "Coin"),
        ("fr_FR", "Coin"),
    ])
    func displayNameFallsBack(locale: String, expected: String) throws {
        let configuration = try #require(Fixtures.decode(Self.localized))
        #expect(configuration.product(id: "coin", locale: locale)?.displayName == expected)
    }

    @Test func displayNameFallsBackToReferenceNameThenID() throws {
        let noNames = Self.localized.replacingOccurrences(
            of: #""displayName" : "[^"]*""#, with: #""displayName" : """#, options: .regularExpression)
        #expect(Fixtures.decode(noNames)?.product(id: "coin")?.displayName == "Coin")
        let noReference = noNames.replacingOccurrences(
            of: "\"referenceName\" : \"Coin\"", with: "\"referenceName\" : null")
        #expect(Fixtures.decode(noReference)?.product(id: "coin")?.displayName == "coin")
    }

    @Test func pricesAreExactAndFormattedForTheStorefront() throws {
        let text = Fixtures.base(replacing: "\"0.99\"", with: "\"0.5\"")
        let configuration = try #require(Fixtures.decode(text))
        let coin = try #require(configuration.product(id: "coin"))
        #expect(coin.price == Decimal(string: "0.5"))
        #expect(coin.displayPrice == "$0.50")
        #expect(coin.currencyCode == "USD")
        let german = try #require(
            configuration.product(id: "pro.monthly", locale: "de_DE", storefront: Storefront(alpha3: "DEU")))
        #expect(german.displayPrice.contains("9,99") && german.displayPrice.contains("€"))
        #expect(german.currencyCode == "EUR")
        #expect(german.price == Decimal(string: "9.99"))
    }

    @Test func subscriptionInfoAndOffers() throws {
        let offers = """
            "adHocOffers" : [ { "displayPrice" : "4.99", "numberOfPeriods" : 3, "offerID" : "promo", "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M" } ],
            "codeOffers" : [ { "eligibility" : [ "new", "expired" ], "isStackable" : true, "paymentMode" : "free", "referenceName" : "CODE", "subscriptionPeriod" : "P1M" } ],
            "winbackOffers" : [ { "displayPrice" : "1.99", "isEligible" : true, "offerID" : "back", "paymentMode" : "payUpFront", "priority" : "high", "subscriptionPeriod" : "P3M" } ],
            """
        let text = Fixtures.base(replacing: "\"adHocOffers\" : [ ],", with: offers)
            .replacingOccurrences(
                of: "\"localizations\" : [ ],",
                with: "\"localizations\" : [ { \"displayName\" : \"Pro Plans\", \"locale\" : \"en_US\" } ],")
        let product = try #require(Fixtures.decode(text)?.product(id: "pro.monthly"))
        #expect(product.type == .autoRenewable)
        let info = try #require(product.subscription)
        #expect(info.groupID == "G1" && info.groupDisplayName == "Pro Plans" && info.groupLevel == 1)
        #expect(info.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(info.introductoryOffer?.paymentMode == .freeTrial)
        #expect(info.introductoryOffer?.price == 0)
        #expect(info.promotionalOffers.first?.id == "promo")
        #expect(info.promotionalOffers.first?.periodCount == 3)
        #expect(info.promotionalOffers.first?.displayPrice == "$4.99")
        #expect(info.codeOffers.first?.id == "CODE")
        #expect(info.codeOffers.first?.codeEligibility == [.new, .expired])
        #expect(info.codeOffers.first?.isStackable == true)
        #expect(info.winBackOffers.first?.isWinBackEligible == true)
        #expect(info.winBackOffers.first?.priority == "high")
        #expect(info.winBackOffers.first?.type == .winBack)
    }

    @Test func settingsAndSimulatedErrors() throws {
        let settings = """
            "settings" : { "_askToBuyEnabled" : true, "_billingIssuesEnabled" : true, "_disableDialogs" : true,
              "_renewalBillingIssuesEnabled" : true, "_billingGracePeriodEnabled" : true, "_timeRate" : 13,
              "_storefront" : "GBR", "_locale" : "en_GB", "_compatibilityTimeRate" : { "3" : 6 },
              "_storeKitErrors" : [
                { "current" : { "index" : 4, "type" : "generic" }, "enabled" : true, "name" : "Load Products" },
                { "current" : { "index" : 6, "type" : "purchase" }, "enabled" : true, "name" : "Purchase" },
                { "current" : { "index" : 4, "type" : "verification" }, "enabled" : true, "name" : "Verification" },
                { "current" : { "index" : 1, "type" : "generic" }, "enabled" : false, "name" : "App Store Sync" } ] },
            """
        let text = Fixtures.base(
            replacing: "\"settings\" : { \"_locale\" : \"en_US\", \"_storefront\" : \"USA\" },",
            with: settings)
        let configuration = try #require(Fixtures.decode(text))
        #expect(
            configuration.initialSettings
                == StoreSettings(
                    storefront: "GBR", locale: "en_GB", timeRate: .monthlyRenewalEveryFiveMinutes,
                    askToBuyEnabled: true,
                    billingRetryOnRenewal: true, billingGracePeriodEnabled: true,
                    interruptedPurchasesEnabled: true,
                    disableDialogs: true))
        #expect(configuration.settings?.compatibilityTimeRate == .byVersion(["3": 6]))
        #expect(
            configuration.initialSimulatedErrors == [
                .loadProducts: .generic(.notAvailableInStorefront),
                .purchase: .purchase(.invalidOfferSignature),
                .verification: .verification(.invalidSignature()),
            ])
        #expect(configuration.product(id: "coin")?.displayPrice == "£0.99")
    }

    @Test func legacySimulatedError() throws {
        let text = Fixtures.base(
            replacing: "\"_storefront\" : \"USA\"",
            with:
                "\"_failTransactionsEnabled\" : true, \"_storeKitError\" : 12, \"_compatibilityTimeRate\" : 6"
        )
        let configuration = try #require(Fixtures.decode(text))
        #expect(configuration.initialSimulatedErrors == [.purchase: .purchase(.invalidOfferSignature)])
        #expect(configuration.settings?.compatibilityTimeRate == .rate(6))
    }

    @Test func groupsOrderByLevelThenPeriod() throws {
        let subscription = { (id: String, level: Int, period: String) in
            """
            { "displayPrice" : "1", "groupNumber" : \(level), "localizations" : [ { "displayName" : "\(id)", "locale" : "en_US" } ], "productID" : "\(id)", "recurringSubscriptionPeriod" : "\(period)", "referenceName" : "\(id)", "subscriptionGroupID" : "G2", "type" : "RecurringSubscription" }
            """
        }
        let group = """
            { "id" : "G2", "name" : "Tiers", "subscriptions" : [ \(subscription("basic.year", 2, "P1Y")), \(subscription("gold.year", 1, "P1Y")), \(subscription("gold.week", 1, "P1W")), \(subscription("basic.month", 2, "P1M")) ] }
            """
        let text = Fixtures.base(
            replacing: "      ]\n    }\n  ],", with: "      ]\n    },\n    \(group)\n  ],")
        let groups = try #require(Fixtures.decode(text)).subscriptionGroups()
        #expect(groups.map(\.id) == ["G1", "G2"])
        #expect(groups[1].displayName == "Tiers")
        #expect(groups[1].productIDs == ["gold.week", "gold.year", "basic.month", "basic.year"])
    }

    @Test func version5IntroductoryOffersWithoutTheLegacyKey() throws {
        let text = Fixtures.base(
            replacing:
                "\"introductoryOffer\" : { \"paymentMode\" : \"free\", \"subscriptionPeriod\" : \"P1W\" }",
            with: """
                "introductoryOffers" : [ { "billingPlanType" : "MONTHLY", "paymentMode" : "free", "subscriptionPeriod" : "P2M" },
                  { "billingPlanType" : "BILLED_UPFRONT", "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P1M" } ],
                "billingPlans" : [ { "billingPlanType" : "MONTHLY", "commitmentDisplayPrice" : "6.00", "displayPrice" : "0.5", "isEnabled" : true } ]
                """)
        let info = try #require(Fixtures.decode(text)?.product(id: "pro.monthly")?.subscription)
        #expect(info.introductoryOffer?.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(info.billingPlans.first?.commitmentPrice == Decimal(string: "6"))
        #expect(info.billingPlans.first?.displayPrice == "$0.50")
    }
}
