import Foundation
import StoreCore

/// The App Store's app-wide calls, as StoreKit's `AppStore`.
public enum AppStore {
    /// Whether the account may make payments (always, in Kiosk's store).
    public static var canMakePayments: Bool { true }

    /// Restores purchases: brings the account's transactions up to date with the store.
    public static func sync() async throws {
        try await StoreKitRuntime.shared.call { store throws(StoreError) in try await store.sync() }
    }

    /// The environment that signed a payload.
    public struct Environment: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let production = Environment(rawValue: "Production")
        public static let sandbox = Environment(rawValue: "Sandbox")
        public static let xcode = Environment(rawValue: "Xcode")

        init(_ environment: AppStoreEnvironment) { rawValue = environment.rawValue }
    }
}

/// The app's own signed purchase record, as StoreKit's `AppTransaction`.
public struct AppTransaction: Hashable, Sendable {
    let base: CoreAppTransaction
    let jws: String

    public var appTransactionID: String { base.appTransactionID }
    public var appID: UInt64? { base.appID > 0 ? UInt64(base.appID) : nil }
    public var bundleID: String { base.bundleID }
    public var appVersion: String { base.appVersion }
    public var originalAppVersion: String { base.originalAppVersion }
    public var originalPurchaseDate: Date { base.originalPurchaseDate }
    public var signedDate: Date { base.signedDate }
    public var environment: AppStore.Environment { AppStore.Environment(base.environment) }
    /// The platform the customer first got the app on.
    public var originalPlatform: AppStore.Platform { AppStore.Platform(rawValue: base.originalPlatform) }
    public var jsonRepresentation: Data { VerificationResult.verified(self).payloadData }

    /// The app transaction, signed.
    public static var shared: VerificationResult<AppTransaction> {
        get async throws {
            let result = try await StoreKitRuntime.shared.call { store throws(StoreError) in
                try await store.appTransaction()
            }
            switch result {
            case .verified(let value, let jws): return .verified(AppTransaction(base: value, jws: jws))
            case .unverified(let value, let error, let jws):
                return .unverified(AppTransaction(base: value, jws: jws), .init(error))
            }
        }
    }

    /// Fetches the app transaction again (the same call as `shared` in Kiosk's store).
    public static func refresh() async throws -> VerificationResult<AppTransaction> { try await shared }
}

extension AppTransaction: SignedPayload {
    var signedJWS: String { jws }
    var payloadSignedDate: Date { base.signedDate }
}

/// The account's App Store country, as StoreKit's `Storefront`.
public struct Storefront: Identifiable, Hashable, Sendable {
    /// Apple's storefront identifier ("143441").
    public let id: String
    /// ISO 3166-1 alpha-3 ("USA").
    public let countryCode: String
    /// The storefront's currency (ISO 4217, "USD").
    public let currencyCode: String

    init(_ storefront: CoreStorefront) {
        id = storefront.id
        countryCode = storefront.countryCode
        currencyCode = storefront.currencyCode
    }

    /// The account's storefront, or nil when the store cannot be reached.
    public static var current: Storefront? {
        get async {
            do {
                return Storefront(
                    try await StoreKitRuntime.shared.call { store throws(StoreError) in
                        try await store.storefront()
                    })
            } catch {
                StoreKitRuntime.shared.report(error)
                return nil
            }
        }
    }
}

/// A message the App Store wants to show over the app, as StoreKit's `Message`.
public struct Message: Hashable, Sendable {
    public let reason: Reason
    /// The product the message is about (Kiosk's addition: Apple's message does not say).
    public let productID: String

    public struct Reason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let generic = Reason(rawValue: "generic")
        public static let priceIncreaseConsent = Reason(rawValue: "priceIncreaseConsent")
        public static let billingIssue = Reason(rawValue: "billingIssue")
        public static let winBackOffer = Reason(rawValue: "winBackOffer")
    }

    init(_ message: StoreMessage) {
        switch message {
        case .priceIncreaseConsent(let productID):
            (reason, self.productID) = (.priceIncreaseConsent, productID)
        case .billingIssue(let productID): (reason, self.productID) = (.billingIssue, productID)
        case .winBackOffer(let productID, _): (reason, self.productID) = (.winBackOffer, productID)
        }
    }

    /// Messages as the App Store sends them; those that came while nobody listened come first.
    public static var messages: Messages { Messages() }

    public struct Messages: AsyncSequence, Sendable {
        public typealias Element = Message
        public typealias Failure = Never

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: MessageSource()) }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Element = Message
            public typealias Failure = Never
            let source: MessageSource
            public mutating func next() async -> Message? { await source.next() }
            public mutating func next(isolation actor: isolated (any Actor)?) async -> Message? {
                await source.next()
            }
        }
    }
}
