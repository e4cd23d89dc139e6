import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Signing
import TestSupport
import Testing

extension StoreKitSessionTests {
    /// The declarations of issue 34 as an app uses them: device verification as Apple computes
    /// it, status by transaction, the status and storefront sequences, billing plans, the
    /// compact-JWS offer and the descriptions.
    @Suite @MainActor struct AppleSurfaceTests {
        static let monthly = "com.kiosk.lumen.pro.monthly"
        static let lifetime = "com.kiosk.lumen.lifetime"
        static let ultimateAnnual = "com.kiosk.lumen.ultimate.annual"
        static let ultimateMonthly = "com.kiosk.lumen.ultimate.monthly"

        func session() async throws -> (SKTestSession, LumenStore) {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            return (session, store)
        }

        func product(_ id: String) async throws -> Product {
            try #require(try await Product.products(for: [id]).first)
        }

        /// Apple's recipe: SHA-384 of the lowercased nonce followed by the lowercased device ID.
        static func applesRecipe(nonce: UUID, deviceID: UUID) -> Data {
            Digest.sha384(Data((nonce.uuidString.lowercased() + deviceID.uuidString.lowercased()).utf8))
        }

        @Test func deviceVerificationMatchesApplesRecipeAndNotAWrongOne() async throws {
            let (_, store) = try await session()
            let transaction = try #require(try await store.buy(Self.monthly))
            let deviceID = try #require(AppStore.deviceVerificationID)
            let nonce = transaction.deviceVerificationNonce
            #expect(transaction.deviceVerification == Self.applesRecipe(nonce: nonce, deviceID: deviceID))
            #expect(transaction.deviceVerification.count == 48)
            // The mistakes code makes when it checks: uppercase strings, the parts swapped.
            let uppercased = Digest.sha384(Data((nonce.uuidString + deviceID.uuidString).utf8))
            let swapped = Self.applesRecipe(nonce: deviceID, deviceID: nonce)
            #expect(transaction.deviceVerification != uppercased)
            #expect(transaction.deviceVerification != swapped)
            // The same payload always has the same nonce; another payload has another.
            let again = try #require(await Transaction.latest(for: Self.monthly))
            #expect(again.deviceVerificationNonce == nonce)
            #expect(again.deviceVerification == transaction.deviceVerification)

            let status = try #require(await transaction.subscriptionStatus)
            let renewal = try status.renewalInfo.payloadValue
            #expect(renewal.deviceVerificationNonce != nonce)
            #expect(
                renewal.deviceVerification
                    == Self.applesRecipe(nonce: renewal.deviceVerificationNonce, deviceID: deviceID))
            let app = try await AppTransaction.shared
            #expect(
                app.deviceVerification
                    == Self.applesRecipe(nonce: app.deviceVerificationNonce, deviceID: deviceID))
        }

        @Test func statusByTransactionIDAndNilForWhatHasNone() async throws {
            let (_, store) = try await session()
            let subscription = try #require(try await store.buy(Self.monthly))
            let lifetime = try #require(try await store.buy(Self.lifetime))
            let status = try #require(
                try await Product.SubscriptionInfo.status(transactionID: subscription.id))
            #expect(status.state == .subscribed)
            #expect(try status.transaction.payloadValue.originalID == subscription.originalID)
            #expect(try await Product.SubscriptionInfo.status(transactionID: lifetime.id) == nil)
            #expect(try await Product.SubscriptionInfo.status(transactionID: 9_999_999_999) == nil)
            #expect(await subscription.subscriptionStatus?.state == .subscribed)
            #expect(await lifetime.subscriptionStatus == nil)
        }

        @Test func allForAProductHasOnlyItsTransactions() async throws {
            let (_, store) = try await session()
            try await store.buy(Self.monthly)
            try await store.buy(Self.lifetime)
            var products: [String] = []
            for await result in Transaction.all(for: Self.lifetime) {
                products.append(result.unsafePayloadValue.productID)
            }
            #expect(products == [Self.lifetime])
        }

        @Test func aRefundArrivesInStatusUpdates() async throws {
            let (session, store) = try await session()
            let transaction = try #require(try await store.buy(Self.monthly))
            let updates = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
            await updates.listen()
            try session.refundTransaction(identifier: Int(transaction.id))
            let status = try await withDeadline(waitingFor: "the refunded subscription's status") {
                [updates] in
                var updates = updates
                return await updates.next()
            }
            #expect(status?.state == .revoked)
            #expect(try status?.transaction.payloadValue.originalID == transaction.originalID)
        }

        @Test func allStatusesNameTheSubscribedGroupOnly() async throws {
            let (_, store) = try await session()
            let transaction = try #require(try await store.buy(Self.monthly))
            var groups: [String] = []
            for await (groupID, statuses) in Product.SubscriptionInfo.Status.all {
                groups.append(groupID)
                #expect(statuses.first?.state == .subscribed)
            }
            #expect(groups == [transaction.subscriptionGroupID])
        }

        @Test func aStorefrontChangeArrivesInStorefrontUpdates() async throws {
            let (session, _) = try await session()
            var updates = Storefront.updates.makeAsyncIterator()
            await updates.listen()
            session.storefront = "DEU"
            // The session's setters apply before the app's next call, as an app's next call
            // would see them.
            #expect(await Storefront.current?.countryCode == "DEU")
            let storefront = try await withDeadline(waitingFor: "the storefront change") { [updates] in
                var updates = updates
                return await updates.next()
            }
            #expect(storefront?.countryCode == "DEU")
            #expect(storefront?.currency == Locale.Currency("EUR"))
        }

        @Test func monthlyPlanWithCommitmentShowsInPricingTermsAndPayloads() async throws {
            let (_, store) = try await session()
            let annual = try await product(Self.ultimateAnnual)
            let terms = try #require(annual.subscription?.pricingTerms)
            #expect(terms.map(\.billingPlanType) == [.upFront, .monthly])
            let monthly = try #require(terms.last)
            #expect(monthly.billingPrice == Decimal(string: "15.99"))
            #expect(monthly.billingPeriod == .monthly)
            #expect(monthly.commitmentInfo.price == Decimal(string: "191.88"))
            #expect(monthly.commitmentInfo.period == .yearly)
            // The introductory offer belongs to the up-front plan only.
            #expect(terms.first?[offers: .introductory].count == 1)
            #expect(monthly[offers: .introductory].isEmpty)

            let transaction = try #require(
                try await store.purchase(annual, options: [.billingPlanType(.monthly)]))
            #expect(transaction.billingPlanType == .monthly)
            let commitment = try #require(transaction.commitmentInfo)
            #expect(commitment.billingPeriodNumber == 1)
            #expect(commitment.totalBillingPeriods == 12)
            let renewal = try #require(try await transaction.subscriptionStatus?.renewalInfo.payloadValue)
            #expect(renewal.renewalBillingPlanType == .monthly)
            #expect(renewal.commitmentInfo?.renewalBillingPlanType == .monthly)
            #expect(renewal.commitmentInfo?.renewalDate == commitment.expirationDate)
        }

        @Test func aMalformedCompactJWSFailsWithInvalidOfferSignature() async throws {
            _ = try await session()
            let product = try await product(Self.ultimateMonthly)
            let options = Product.PurchaseOption.promotionalOffer(
                "com.kiosk.lumen.ultimate.tryfree", compactJWS: "not.a-jws")
            #expect(options.count == 1)
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                try await product.purchase(options: Set(options))
            }
        }

        @Test func appSideOptionsLeaveThePurchaseAsItIs() async throws {
            let (_, store) = try await session()
            let product = try await product(Self.lifetime)
            let options: Set<Product.PurchaseOption> = [
                .custom(key: "campaign", value: "spring"), .custom(key: "score", value: 0.5),
                .custom(key: "returning", value: true), .custom(key: "blob", value: Data([1])),
                .onStorefrontChange { _ in false },
            ]
            #expect(options.count == 5)
            let transaction = try #require(try await store.purchase(product, options: options))
            #expect(transaction.productID == Self.lifetime)
        }

        @Test func descriptionsAndTypedProperties() async throws {
            let (_, store) = try await session()
            let transaction = try #require(try await store.buy(Self.monthly))
            #expect(
                transaction.debugDescription
                    == String(decoding: transaction.jsonRepresentation, as: UTF8.self))
            #expect(transaction.debugDescription.contains(Self.monthly))
            #expect(VerificationResult.verified(transaction).debugDescription.hasPrefix("verified("))
            #expect(transaction.currency == Locale.Currency("USD"))
            #expect(transaction.ownershipType.localizedDescription == "Purchased")
            #expect(transaction.advancedCommerceInfo == nil)
            #expect(Product.SubscriptionPeriod.monthly.debugDescription == "1 month")
            #expect(Product.SubscriptionPeriod.Unit.week.localizedDescription == "Week")
            #expect(
                Product.SubscriptionInfo.RenewalState.inGracePeriod.localizedDescription == "In Grace Period")
            let app = try await AppTransaction.shared.payloadValue
            #expect(app.originalPlatform == .iOS)
            #expect(app.preorderDate == nil)
            let renewal = try #require(try await transaction.subscriptionStatus?.renewalInfo.payloadValue)
            #expect(renewal.recentSubscriptionStartDate == transaction.purchaseDate)
            #expect(renewal.currency == Locale.Currency("USD"))
            let product = try await product(Self.monthly)
            #expect(product.priceFormatStyle.currencyCode == "USD")
            #expect(product.price.formatted(product.priceFormatStyle).contains("\(product.price)"))
        }

        @Test func dateRangeFollowsTheCalendar() throws {
            let january31 = try #require(ISO8601DateFormatter().date(from: "2026-01-31T12:00:00Z"))
            let range = Product.SubscriptionPeriod.monthly.dateRange(referenceDate: january31)
            #expect(range.lowerBound == january31)
            #expect(ISO8601DateFormatter().string(from: range.upperBound) == "2026-02-28T12:00:00Z")
            let week = Product.SubscriptionPeriod.weekly.dateRange(referenceDate: january31)
            #expect(week.upperBound.timeIntervalSince(week.lowerBound) == 7 * 86_400)
            #expect(
                Product.SubscriptionPeriod.monthly.formatted(Seconds(), referenceDate: january31) == 28
                    * 86_400)
            #expect(Product.SubscriptionPeriod.monthly.formatted(Days(), referenceDate: january31) == 28)
            #expect(DateComponents(subscriptionPeriod: .everyTwoWeeks).day == 14)
            #expect(DateComponents(subscriptionPeriod: .everySixMonths).month == 6)
        }

        /// A period's length as a `Duration`, in seconds.
        struct Seconds: FormatStyle {
            func format(_ value: Duration) -> Int64 { value.components.seconds }
        }

        /// A period's length as a date range, in whole days.
        struct Days: FormatStyle {
            func format(_ value: Range<Date>) -> Int {
                Int(value.upperBound.timeIntervalSince(value.lowerBound) / 86_400)
            }
        }
    }
}
