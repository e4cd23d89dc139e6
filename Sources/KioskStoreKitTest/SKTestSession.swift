import Catalog
import Foundation
import KioskStoreKit
import Signing
import Simulator
import StoreCore
import Synchronization

/// A StoreKit test environment, as StoreKitTest's `SKTestSession`, on Kiosk's in-process
/// simulator: it runs wherever `swift test` does.
///
/// Each session starts from its configuration file, whatever ran before: a new session is a new
/// store, and the previous session's listeners end. The store stays in place after the session
/// object is released, until the next session. Time stands still until the test moves it
/// (`advance(by:)`), and a test waits for updates to be handled (`waitForPendingUpdates()`)
/// instead of sleeping. Every member has Apple's declaration: the Transaction Manager's actions
/// are synchronous, as Apple's are (they block the caller until the store has done them, on
/// the store's own thread, so a caller on Swift's cooperative pool or the main actor never
/// waits for a pool thread: `SKTestSession+Blocking.swift`); `buyProduct(identifier:options:)`,
/// `setSimulatedError` and `simulatedError(forAPI:)` are `async`, as Apple's are. One session
/// at a time per process, as with Apple's.
public final class SKTestSession: Sendable {
    let store: SimulatedStore
    /// The session's store, for tests of Kiosk itself (its journal, its ledger).
    package var simulator: SimulatedStore { store }
    let binding: StoreBinding
    /// The configuration file the session was made from.
    public let configurationURL: URL
    let properties: Mutex<Properties>
    /// The configuration file's settings, which `resetToDefaultState()` returns to.
    let defaults: Properties
    /// A simulated refund-request failure (`SKTestFailures.RefundRequest.refundRequest`): kept
    /// by the session, since Kiosk's store has no refund request sheet to fail.
    let refundRequestFailure = Mutex<KioskStoreKit.Transaction.RefundRequestError?>(nil)

    struct Properties: Sendable {
        var disableDialogs: Bool
        var askToBuyEnabled: Bool
        var interruptedPurchasesEnabled: Bool
        var shouldEnterBillingRetryOnRenewal: Bool
        var billingGracePeriodIsEnabled: Bool
        var timeRate: TimeRate
        var storefront: String
        var locale: Locale
        var failTransactionsEnabled = false
        var failureError = SKError.Code.unknown
    }

    /// A session on a configuration file found by name, as Xcode finds it in the test bundle:
    /// in the calling test target's own resources (never another target's), beside the test
    /// file, or in a folder above it (up to the package). Apple's
    /// `convenience init(configurationFileNamed filename: String) throws`; `filePath` (the
    /// caller's `#filePath`) tells Kiosk which test target is asking.
    /// - Throws: `SKTestError` `.fileNotFound` naming every place looked in, `.invalidAction`
    ///   naming both files when two places answer the name, or the file's first problem as
    ///   `file:line:col`.
    public convenience init(configurationFileNamed filename: String, filePath: String = #filePath) throws {
        try self.init(contentsOf: try ConfigurationLocator.find(filename, besides: filePath))
    }

    /// A session on the `.storekit` file at `url`: Apple's `init(contentsOf fileURL: URL) throws`.
    public init(contentsOf url: URL) throws {
        guard url.isFileURL else {
            throw SKTestError(.invalidURL, "\(url) is not a file URL: give the path of a .storekit file")
        }
        let catalog = try ConfigurationLocator.load(url)
        let store: SimulatedStore
        do {
            store = try SimulatedStore.open(
                catalog: catalog, location: .memory(signedBy: SessionAuthority.shared()), frozenClock: true,
                execution: .ownThread)
        } catch {
            throw SKTestError(.unknown, "the session's store did not open: \(error)")
        }
        self.store = store
        configurationURL = url
        let settings = catalog.settings
        defaults = Properties(
            disableDialogs: settings.disableDialogs, askToBuyEnabled: settings.askToBuyEnabled,
            interruptedPurchasesEnabled: settings.interruptedPurchasesEnabled,
            shouldEnterBillingRetryOnRenewal: settings.billingRetryOnRenewal,
            billingGracePeriodIsEnabled: settings.billingGracePeriodEnabled, timeRate: settings.timeRate,
            storefront: settings.storefront, locale: Locale(identifier: settings.locale))
        properties = Mutex(defaults)
        binding = StoreBinding(
            store: store, simulator: store, source: .storekit, localeIdentifier: settings.locale)
        StoreKitRuntime.shared.install(binding)
    }

    // No deinit that uninstalls: as with Apple's, the test environment outlives the session
    // object (Swift may release a session after its last use, mid-test); the next session
    // replaces it.

    // MARK: Settings (applied before the next StoreKit call or session action)

    public var disableDialogs: Bool {
        get { properties.withLock { $0.disableDialogs } }
        set { set(\.disableDialogs, newValue, .disableDialogs(newValue)) }
    }
    public var askToBuyEnabled: Bool {
        get { properties.withLock { $0.askToBuyEnabled } }
        set { set(\.askToBuyEnabled, newValue, .askToBuy(newValue)) }
    }
    public var interruptedPurchasesEnabled: Bool {
        get { properties.withLock { $0.interruptedPurchasesEnabled } }
        set { set(\.interruptedPurchasesEnabled, newValue, .interruptedPurchases(newValue)) }
    }
    public var shouldEnterBillingRetryOnRenewal: Bool {
        get { properties.withLock { $0.shouldEnterBillingRetryOnRenewal } }
        set { set(\.shouldEnterBillingRetryOnRenewal, newValue, .billingRetryOnRenewal(newValue)) }
    }
    public var billingGracePeriodIsEnabled: Bool {
        get { properties.withLock { $0.billingGracePeriodIsEnabled } }
        set { set(\.billingGracePeriodIsEnabled, newValue, .billingGracePeriod(newValue)) }
    }
    /// How fast subscriptions renew relative to `advance(by:)`'s store time (the clock itself
    /// stands still between advances).
    public var timeRate: TimeRate {
        get { properties.withLock { $0.timeRate } }
        set { set(\.timeRate, newValue, .timeRate(newValue)) }
    }
    /// The storefront, ISO 3166-1 alpha-3 ("USA").
    public var storefront: String {
        get { properties.withLock { $0.storefront } }
        set { set(\.storefront, newValue, .storefront(newValue)) }
    }
    public var locale: Locale {
        get { properties.withLock { $0.locale } }
        set { set(\.locale, newValue, .locale(newValue.identifier)) }
    }

    /// Kiosk's addition: the customer closes every payment sheet, so purchases answer
    /// `.userCancelled` (Apple's sessions need a person, or `disableDialogs`, to confirm).
    public var userCancelsPurchases: Bool {
        get { binding.cancelsPurchases.withLock { $0 } }
        set { binding.cancelsPurchases.withLock { $0 = newValue } }
    }

    private func set<Value>(
        _ path: WritableKeyPath<Properties, Value>, _ value: Value, _ setting: StoreSetting
    ) {
        properties.withLock { $0[keyPath: path] = value }
        binding.enqueue(setting)
    }

    /// The time rates of StoreKitTest (Kiosk's `TimeRate`, with Apple's case names).
    public typealias TimeRate = StoreCore.TimeRate

    // MARK: Running an action

    /// Runs a tester's action with the pending settings applied, journaled as the session's.
    func control<T: Sendable>(_ body: @Sendable (SimulatedStore) async throws(StoreError) -> T)
        async throws(SKTestError) -> T
    {
        let store = store
        do {
            return try await binding.call { _ throws(StoreError) in try await body(store) }
        } catch {
            throw SKTestError(error)
        }
    }

    /// A transaction identifier as the store's (Apple's pages print `Int`, its compiled SDK
    /// takes `NSUInteger`, Kiosk's store `UInt64`).
    func transactionID<Identifier: BinaryInteger>(_ identifier: Identifier) throws(SKTestError) -> UInt64 {
        guard identifier > 0, let id = UInt64(exactly: identifier) else {
            throw SKTestError(.noTransactionFound, "no transaction \(identifier): identifiers are positive")
        }
        return id
    }
}

/// The signing authority sessions share: made once per process (making one costs more than a
/// whole session), never written to disk.
enum SessionAuthority {
    private static let authority = Mutex<CertificateAuthority?>(nil)

    static func shared() throws -> CertificateAuthority {
        try authority.withLock { authority in
            if let authority { return authority }
            // Valid from ten years back (`authorityBackdating`), so a session started from a
            // customer's history signs at its dates verifiably.
            let made = try CertificateAuthority.ephemeral()
            authority = made
            return made
        }
    }
}
