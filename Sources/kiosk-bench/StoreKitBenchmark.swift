import Catalog
import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Signing
import Simulator
import StoreCore

/// `kiosk-bench storekit`: a developer's own StoreKit code through KioskStoreKit. A new
/// `SKTestSession` plus a first purchase (median), beside the goal of 5 ms and beside the same
/// lookup and purchase on a bare simulator (median of paired ratios, `PairedTimes`); 1,000 purchase + finish pairs through `Product.purchase` and
/// `Transaction.finish`, beside the goal of 1 s and beside the same pairs on the `Store`
/// protocol directly (what the StoreKit layer costs); and Apple's synchronous session actions
/// beside their async forms (`buyProduct(productIdentifier:)` blocks the caller while the
/// store's thread buys, `buyProduct(identifier:options:)` awaits the same purchase).
enum StoreKitBenchmark {
    static let catalogURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../catalogs/demo.storekit").standardizedFileURL
    static let productID = "com.kiosk.lumen.aicredits10"

    static func run() async throws -> [BenchmarkResult] {
        // First, so what the process holds before it is only what starting it took.
        let leftBehind = try await sessionsInOneProcess() + keptSessions()
        let authority = try CertificateAuthority.ephemeral()
        // Read once, as a session reads its file once per process.
        let catalog = try LoadedCatalog.load(contentsOf: catalogURL.path)
        let sessionPairs = 101
        let sessions = try await PairedTimes.run(
            pairs: sessionPairs,
            measured: { try await timeAsync { try await sessionAndFirstPurchase() } },
            anchor: { try await timeAsync { try await bareStoreAndFirstPurchase(catalog, authority) } })
        let pairs = 1_000
        let purchases = try await PairedTimes.run(
            pairs: 5,
            measured: { try await timeAsync { try await purchasePairsThroughStoreKit(pairs) } },
            anchor: { try await timeAsync { try await purchasePairsOnTheStore(pairs, catalog, authority) } })
        let actions = 300
        let actionRounds = 11
        let syncActions = try await PairedTimes.run(
            pairs: actionRounds,
            measured: { try await timeAsync { try await offDevicePurchases(actions, synchronous: true) } },
            anchor: { try await timeAsync { try await offDevicePurchases(actions, synchronous: false) } })
        let sessionMedian = sessions.measuredMedian * 1_000
        return leftBehind + [
            BenchmarkResult(
                name: "storekit new SKTestSession + first purchase, median of \(sessionPairs)",
                value: sessionMedian,
                unit: "ms", anchorName: "goal", anchorValue: 5, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "storekit session + first purchase vs a bare simulator", value: sessionMedian,
                unit: "ms",
                anchorName: "SimulatedStore + products + purchase",
                anchorValue: sessions.anchorMedian * 1_000,
                anchorUnit: "ms",
                higherIsBetter: false),
            BenchmarkResult(
                name: "storekit session + first purchase / bare simulator, median of \(sessionPairs) pairs",
                value: sessions.medianRatio, unit: "x", anchorName: "goal", anchorValue: 1.1,
                higherIsBetter: false),
            BenchmarkResult(
                name: "storekit \(pairs) purchase + finish pairs, median of 5",
                value: purchases.measuredMedian,
                unit: "s", anchorName: "goal", anchorValue: 1, anchorUnit: "s", higherIsBetter: false),
            BenchmarkResult(
                name: "storekit \(pairs) pairs vs the Store protocol", value: purchases.measuredMedian,
                unit: "s",
                anchorName: "Store.purchase + finish", anchorValue: purchases.anchorMedian, anchorUnit: "s",
                higherIsBetter: false),
            BenchmarkResult(
                name:
                    "storekit \(actions) synchronous session actions vs their async form, median of \(actionRounds)",
                value: syncActions.measuredMedian * 1_000, unit: "ms",
                anchorName: "async buyProduct(identifier:)", anchorValue: syncActions.anchorMedian * 1_000,
                anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "storekit synchronous / async session actions, median of \(actionRounds) pairs",
                value: syncActions.medianRatio, unit: "x", anchorName: "goal", anchorValue: 1.2,
                higherIsBetter: false),
        ]
    }

    @discardableResult
    static func sessionAndFirstPurchase() async throws -> SKTestSession {
        let session = try SKTestSession(contentsOf: catalogURL)
        session.disableDialogs = true
        guard let product = try await Product.products(for: [productID]).first,
            case .success(let result) = try await product.purchase()
        else { throw BenchmarkFailure("the first purchase of \(productID) did not succeed") }
        await result.unsafePayloadValue.finish()
        return session
    }

    /// `count` purchases made outside the app, through Apple's synchronous action or its async one.
    private static func offDevicePurchases(_ count: Int, synchronous: Bool) async throws {
        let session = try SKTestSession(contentsOf: catalogURL)
        for _ in 0..<count {
            if synchronous {
                try session.buyProduct(productIdentifier: productID)
            } else {
                try await session.buyProduct(identifier: productID)
            }
        }
        guard session.allTransactions().count == count else {
            throw BenchmarkFailure(
                "\(count) purchases outside the app left \(session.allTransactions().count)")
        }
    }

    private static func bareStoreAndFirstPurchase(_ catalog: LoadedCatalog, _ authority: CertificateAuthority)
        async throws
    {
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true, offers: .none)
        try await store.apply(.disableDialogs(true))
        // The lookup the session's app makes (`Product.products(for:)`), so both arms do the
        // same store work and the difference is the session layer's.
        guard try await store.products(for: [productID]).count == 1,
            case .success(let result) = try await store.purchase(productID)
        else {
            throw BenchmarkFailure("the bare purchase of \(productID) did not succeed")
        }
        try await store.finish(result.unsafePayloadValue.id)
    }

    private static func purchasePairsThroughStoreKit(_ count: Int) async throws {
        let session = try SKTestSession(contentsOf: catalogURL)
        session.disableDialogs = true
        guard let product = try await Product.products(for: [productID]).first else {
            throw BenchmarkFailure("no product \(productID)")
        }
        for _ in 0..<count {
            guard case .success(let result) = try await product.purchase() else {
                throw BenchmarkFailure("a purchase of \(productID) did not succeed")
            }
            await result.unsafePayloadValue.finish()
        }
        withExtendedLifetime(session) {}
    }

    private static func purchasePairsOnTheStore(
        _ count: Int, _ catalog: LoadedCatalog, _ authority: CertificateAuthority
    ) async throws {
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true, offers: .none)
        try await store.apply(.disableDialogs(true))
        for _ in 0..<count {
            guard case .success(let result) = try await store.purchase(productID) else {
                throw BenchmarkFailure("a purchase of \(productID) did not succeed")
            }
            try await store.finish(result.unsafePayloadValue.id)
        }
    }

    private static func timeAsync(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try await clock.measure { try await body() }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
