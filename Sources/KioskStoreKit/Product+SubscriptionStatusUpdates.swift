import Foundation
import StoreCore

extension Product.SubscriptionInfo.Status {
    /// A status each time a subscription's status changes (a purchase, renewal, expiry, refund,
    /// a change of plan or of auto-renewal).
    public static var updates: Statuses { Statuses() }

    /// The status of each of the app's subscription groups the account ever subscribed in, read
    /// once: a group that is missing was never subscribed to.
    public static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> {
        AsyncStream { continuation in
            let task = Task {
                for (groupID, statuses) in await Self.statusesByGroup() where !statuses.isEmpty {
                    continuation.yield((groupID: groupID, statuses: statuses))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private static func statusesByGroup() async -> [(String, [Product.SubscriptionInfo.Status])] {
        do {
            return try await StoreKitRuntime.shared.call { store throws(StoreError) in
                let products = try await store.allProducts()
                var groups: [String] = []
                for groupID in products.compactMap(\.subscription?.groupID) where !groups.contains(groupID) {
                    groups.append(groupID)
                }
                var result: [(String, [CoreSubscriptionStatus])] = []
                for groupID in groups {
                    result.append((groupID, try await store.subscriptionStatuses(for: groupID)))
                }
                return result
            }.map { ($0.0, $0.1.map(Product.SubscriptionInfo.Status.init)) }
        } catch {
            StoreKitRuntime.shared.report(error)
            return []
        }
    }

    /// The status of the subscription `transaction` belongs to, now.
    static func current(of transaction: Transaction, on binding: StoreBinding) async -> Self? {
        guard transaction.productType == .autoRenewable, let groupID = transaction.subscriptionGroupID else {
            return nil
        }
        do {
            let statuses = try await binding.call { store throws(StoreError) in
                try await store.subscriptionStatuses(for: groupID)
            }
            return statuses.first { $0.transaction.unsafePayloadValue.originalID == transaction.originalID }
                .map(Self.init)
        } catch {
            StoreKitRuntime.shared.report(StoreKitError.from(error))
            return nil
        }
    }

    /// The sequence of `updates`, as StoreKit's `Product.SubscriptionInfo.Status.Statuses`.
    public struct Statuses: AsyncSequence, Sendable {
        public typealias Element = Product.SubscriptionInfo.Status
        public typealias Failure = Never

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: StoreEventFeed()) }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Element = Product.SubscriptionInfo.Status
            public typealias Failure = Never
            let feed: StoreEventFeed

            /// Subscribes now, so a change made after this returns is delivered (tests wait on
            /// it rather than sleep).
            package func listen() async { await feed.start() }

            public mutating func next() async -> Product.SubscriptionInfo.Status? {
                while let event = await feed.next() {
                    guard case .transaction(let result) = event, let binding = await feed.start() else {
                        continue
                    }
                    let transaction = VerificationResult<Transaction>(result).unsafePayloadValue
                    if let status = await Product.SubscriptionInfo.Status.current(
                        of: transaction, on: binding)
                    {
                        return status
                    }
                }
                return nil
            }
        }
    }
}

extension Product.SubscriptionInfo {
    /// The status of the subscription a transaction belongs to; nil when the account has no
    /// transaction with that ID or it is not an auto-renewable subscription's.
    public static func status(transactionID: UInt64) async throws -> SubscriptionStatus? {
        let binding = try await StoreKitRuntime.shared.binding()
        let all: [CoreVerificationResult<CoreTransaction>]
        do {
            all = try await binding.call { store throws(StoreError) in try await store.all() }
        } catch {
            throw StoreKitError.from(error)
        }
        guard let match = all.first(where: { $0.unsafePayloadValue.id == transactionID }) else { return nil }
        return await Status.current(
            of: VerificationResult<Transaction>(match).unsafePayloadValue, on: binding)
    }
}

extension Transaction {
    /// The status of the subscription this transaction belongs to (nil for any product that is
    /// not an auto-renewable subscription).
    public var subscriptionStatus: Product.SubscriptionInfo.Status? {
        get async {
            do {
                return await Product.SubscriptionInfo.Status.current(
                    of: self, on: try await StoreKitRuntime.shared.binding())
            } catch {
                StoreKitRuntime.shared.report(error)
                return nil
            }
        }
    }
}
