import Foundation
import StoreCore

extension Product {
    /// What a product knows about its subscription, as StoreKit's `Product.SubscriptionInfo`.
    public struct SubscriptionInfo: Hashable, Sendable {
        let base: CoreSubscriptionInfo
        let productID: String
        /// The product's own price, the up-front plan of a subscription without billing plans.
        let productPrice: Decimal
        let productDisplayPrice: String

        init(_ base: CoreSubscriptionInfo, productID: String, price: Decimal = 0, displayPrice: String = "") {
            self.base = base
            self.productID = productID
            productPrice = price
            productDisplayPrice = displayPrice
        }

        public var subscriptionGroupID: String { base.groupID }
        public var groupDisplayName: String { base.groupDisplayName }
        public var groupLevel: Int { base.groupLevel }
        public var subscriptionPeriod: SubscriptionPeriod { SubscriptionPeriod(base.period) }
        public var introductoryOffer: SubscriptionOffer? {
            base.introductoryOffer.map(SubscriptionOffer.init)
        }
        public var promotionalOffers: [SubscriptionOffer] {
            base.promotionalOffers.map(SubscriptionOffer.init)
        }
        public var winBackOffers: [SubscriptionOffer] { base.winBackOffers.map(SubscriptionOffer.init) }

        /// Whether the account may still get this group's introductory offer.
        public var isEligibleForIntroOffer: Bool {
            get async { await Self.isEligibleForIntroOffer(for: base.groupID) }
        }

        public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
            do {
                return try await StoreKitRuntime.shared.call { store throws(StoreError) in
                    try await store.isEligibleForIntroOffer(groupID: groupID)
                }
            } catch {
                StoreKitRuntime.shared.report(error)
                return false
            }
        }

        /// The status of each subscription of the group the account has (several with
        /// Family Sharing).
        public var status: [Status] {
            get async throws { try await Self.status(for: base.groupID) }
        }

        public static func status(for groupID: String) async throws -> [Status] {
            try await StoreKitRuntime.shared.call { store throws(StoreError) in
                try await store.subscriptionStatuses(for: groupID)
            }.map(Status.init)
        }

        /// One subscription's state, its latest transaction and its renewal info.
        public struct Status: Hashable, Sendable {
            public var state: RenewalState
            public var transaction: VerificationResult<Transaction>
            public var renewalInfo: VerificationResult<RenewalInfo>

            init(_ status: CoreSubscriptionStatus) {
                state = RenewalState(rawValue: status.state.rawValue)
                transaction = VerificationResult<Transaction>(status.transaction)
                switch status.renewalInfo {
                case .verified(let info, let jws): renewalInfo = .verified(RenewalInfo(info, jws: jws))
                case .unverified(let info, let error, let jws):
                    renewalInfo = .unverified(RenewalInfo(info, jws: jws), .init(error))
                }
            }
        }

        /// Where a subscription stands.
        public struct RenewalState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            public static let subscribed = RenewalState(rawValue: 1)
            public static let expired = RenewalState(rawValue: 2)
            public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
            public static let inGracePeriod = RenewalState(rawValue: 4)
            public static let revoked = RenewalState(rawValue: 5)

            public var description: String {
                CoreSubscriptionStatus.RenewalState(rawValue: rawValue).map { "\($0)" } ?? "state \(rawValue)"
            }
        }

        /// What happens at the subscription's next renewal, as StoreKit's `RenewalInfo`.
        public struct RenewalInfo: Hashable, Sendable {
            let base: CoreRenewalInfo
            let jws: String

            init(_ base: CoreRenewalInfo, jws: String) {
                self.base = base
                self.jws = jws
            }

            public var originalTransactionID: UInt64 { base.originalTransactionID }
            public var currentProductID: String { base.currentProductID }
            public var willAutoRenew: Bool { base.willAutoRenew }
            public var autoRenewPreference: String? { base.autoRenewPreference }
            public var expirationReason: ExpirationReason? {
                base.expirationReason.map { ExpirationReason(rawValue: $0.rawValue) }
            }
            public var isInBillingRetry: Bool { base.isInBillingRetry }
            public var gracePeriodExpirationDate: Date? { base.gracePeriodExpirationDate }
            public var priceIncreaseStatus: PriceIncreaseStatus {
                switch base.priceIncreaseStatus {
                case .noIncreasePending: .noIncreasePending
                case .pending: .pending
                case .agreed: .agreed
                }
            }
            public var offer: Transaction.Offer? { base.offer.map(Transaction.Offer.init) }
            public var signedDate: Date { base.signedDate }
            public var environment: AppStore.Environment { AppStore.Environment(base.environment) }
            /// The start of the latest run of the subscription without a gap of more than 60 days
            /// (the signed date for a payload that lacks it, which Kiosk's store never signs).
            public var recentSubscriptionStartDate: Date {
                base.recentSubscriptionStartDate ?? base.signedDate
            }
            public var renewalDate: Date? { base.renewalDate }
            public var renewalPrice: Decimal? { base.renewalPrice }
            public var currencyCode: String? { base.currencyCode }
            public var eligibleWinBackOfferIDs: [String] { base.eligibleWinBackOfferIDs }
            public var appAccountToken: UUID? { base.appAccountToken }
            public var appTransactionID: String { base.appTransactionID }
            public var jsonRepresentation: Data { VerificationResult.verified(self).payloadData }

            public struct ExpirationReason: RawRepresentable, Hashable, Sendable {
                public let rawValue: Int
                public init(rawValue: Int) { self.rawValue = rawValue }
                public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
                public static let billingError = ExpirationReason(rawValue: 2)
                public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
                public static let productUnavailable = ExpirationReason(rawValue: 4)
                public static let unknown = ExpirationReason(rawValue: 5)
            }

            public enum PriceIncreaseStatus: Hashable, Sendable {
                case noIncreasePending
                case pending
                case agreed
            }
        }
    }

    /// A subscription or offer period, as StoreKit's `Product.SubscriptionPeriod`.
    public struct SubscriptionPeriod: Hashable, Sendable {
        public let value: Int
        public let unit: Unit

        public enum Unit: Hashable, Sendable {
            case day, week, month, year
        }

        init(_ period: CoreSubscriptionPeriod) {
            value = period.value
            switch period.unit {
            case .day: unit = .day
            case .week: unit = .week
            case .month: unit = .month
            case .year: unit = .year
            }
        }

        init(value: Int, unit: Unit) {
            self.value = value
            self.unit = unit
        }

        public static let everyThreeDays = SubscriptionPeriod(value: 3, unit: .day)
        public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
        public static let everyTwoWeeks = SubscriptionPeriod(value: 2, unit: .week)
        public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
        public static let everyTwoMonths = SubscriptionPeriod(value: 2, unit: .month)
        public static let everyThreeMonths = SubscriptionPeriod(value: 3, unit: .month)
        public static let everySixMonths = SubscriptionPeriod(value: 6, unit: .month)
        public static let yearly = SubscriptionPeriod(value: 1, unit: .year)
    }

    /// A subscription offer, as StoreKit's `Product.SubscriptionOffer`.
    public struct SubscriptionOffer: Hashable, Sendable {
        public let id: String?
        public let type: OfferType
        public let price: Decimal
        public let displayPrice: String
        public let period: SubscriptionPeriod
        public let periodCount: Int
        public let paymentMode: PaymentMode

        init(_ offer: CoreSubscriptionOffer) {
            id = offer.id
            type = OfferType(rawValue: offer.type.rawValue)
            price = offer.price
            displayPrice = offer.displayPrice
            period = SubscriptionPeriod(offer.period)
            periodCount = offer.periodCount
            paymentMode = PaymentMode(rawValue: offer.paymentMode.discountType)
        }

        public struct OfferType: RawRepresentable, Hashable, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            public static let introductory = OfferType(rawValue: 1)
            public static let promotional = OfferType(rawValue: 2)
            public static let code = OfferType(rawValue: 3)
            public static let winBack = OfferType(rawValue: 4)
        }

        public struct PaymentMode: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
            public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
            public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
        }

        /// A promotional offer's signature from the developer's server.
        public struct Signature: Hashable, Sendable {
            public let keyID: String
            public let nonce: UUID
            public let timestamp: Int
            public let signature: Data

            public init(keyID: String, nonce: UUID, timestamp: Int, signature: Data) {
                self.keyID = keyID
                self.nonce = nonce
                self.timestamp = timestamp
                self.signature = signature
            }
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo: SignedPayload {
    var signedJWS: String { jws }
    var payloadSignedDate: Date { base.signedDate }
}
