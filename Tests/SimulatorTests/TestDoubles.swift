import Foundation
import Signing
import Simulator
import StoreCore
import Synchronization

/// A small catalog written in code: one group with two levels (monthly and annual of the
/// higher level), a consumable, a shareable non-consumable and a non-renewing subscription.
struct TestCatalog: ProductCatalog {
    var name = "test"
    var defaultSettings = StoreSettings()
    var defaultSimulatedErrors: [FailableAPI: SimulatedFailure] = [:]

    static let group = "G1"

    func products(localeIdentifier: String, storefront: Storefront) -> [Product] {
        let formatter = PriceFormatter(storefront: storefront, localeIdentifier: localeIdentifier)
        func product(
            _ id: String, _ type: ProductType, _ price: String, share: Bool = false,
            sub: SubscriptionInfo? = nil
        )
            -> Product
        {
            let value = Decimal(string: price)!
            return Product(
                id: id, type: type, displayName: id, description: "", price: value,
                displayPrice: formatter.format(value),
                currencyCode: storefront.currencyCode, isFamilyShareable: share, subscription: sub,
                referenceName: id)
        }
        let month = SubscriptionPeriod(iso8601: "P1M")!
        let year = SubscriptionPeriod(iso8601: "P1Y")!
        let trial = SubscriptionOffer(
            id: nil, type: .introductory, paymentMode: .freeTrial,
            period: SubscriptionPeriod(iso8601: "P1W")!,
            periodCount: 1, price: 0, displayPrice: formatter.format(0))
        let promo = SubscriptionOffer(
            id: "promo.half", type: .promotional, paymentMode: .payAsYouGo, period: month, periodCount: 2,
            price: Decimal(string: "2.49")!, displayPrice: formatter.format(Decimal(string: "2.49")!))
        let code = SubscriptionOffer(
            id: "WELCOME", type: .code, paymentMode: .freeTrial, period: month, periodCount: 1, price: 0,
            displayPrice: formatter.format(0), codeEligibility: [.new, .expired], isStackable: false)
        let winBack = SubscriptionOffer(
            id: "winback.free", type: .winBack, paymentMode: .freeTrial, period: month, periodCount: 1,
            price: 0,
            displayPrice: formatter.format(0), isWinBackEligible: true)
        func info(level: Int, period: SubscriptionPeriod, intro: SubscriptionOffer? = nil) -> SubscriptionInfo
        {
            SubscriptionInfo(
                groupID: Self.group, groupDisplayName: "Plans", groupLevel: level, period: period,
                introductoryOffer: intro,
                promotionalOffers: [promo], codeOffers: [code], winBackOffers: [winBack])
        }
        return [
            product(
                "pro.monthly", .autoRenewable, "9.99", share: true,
                sub: info(level: 1, period: month, intro: trial)),
            product("pro.annual", .autoRenewable, "79.99", sub: info(level: 1, period: year)),
            product("basic.monthly", .autoRenewable, "4.99", sub: info(level: 2, period: month)),
            product("gems", .consumable, "0.99"),
            product("lifetime", .nonConsumable, "49.99", share: true),
            product("season", .nonRenewable, "7.99"),
        ]
    }
}

/// A wall clock tests move by hand.
final class ManualWallClock: Sendable {
    private let storage = Mutex(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01T00:00:00Z

    var now: Date { storage.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { storage.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

extension SimulatedStore {
    /// A store on the test catalog with a frozen clock that moves only when advanced.
    static func makeForTest(
        catalog: TestCatalog = TestCatalog(), location: LedgerLocation = .memory, account: AccountName? = nil,
        environment: AppStoreEnvironment = .sandbox
    ) throws -> SimulatedStore {
        try SimulatedStore(
            catalog: catalog, ledger: location,
            signer: try CoveringSigner(authority: CertificateAuthority.ephemeral()),
            identity: AppIdentity(environment: environment),
            account: account,
            frozenClock: true,
            wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
    }

    /// An in-memory store on the test catalog whose clock runs with `wall`.
    static func makeForTest(running wall: ManualWallClock) throws -> SimulatedStore {
        try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: .ephemeral()),
            wallClock: { wall.now })
    }
}

let day: TimeInterval = 86_400

/// The `StoreError` a store call threw, or nil when it succeeded (another error becomes
/// `.backend` with its description), for tests that look into the refusal's case and message.
func storeError(_ body: () async throws -> Void) async -> StoreError? {
    do {
        try await body()
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        return .backend("\(error)")
    }
}
