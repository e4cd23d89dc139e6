import Foundation
import StoreCore
import Synchronization

extension Transaction {
    /// Transactions made or changed outside a direct purchase (Ask to Buy approvals, renewals,
    /// refunds, revocations, purchases made elsewhere), and every unfinished transaction when
    /// the listener starts. Start it when the app launches.
    public static var updates: Transactions { Transactions(.updates) }
    /// Every transaction of the account, oldest first.
    public static var all: Transactions { Transactions(.all) }
    /// The latest transaction of each product the account is entitled to now.
    public static var currentEntitlements: Transactions { Transactions(.currentEntitlements(nil)) }
    /// The transactions the app has not finished.
    public static var unfinished: Transactions { Transactions(.unfinished) }

    /// Every transaction of the account for one product, oldest first.
    public static func all(for productID: String) -> Transactions { Transactions(.allForProduct(productID)) }

    /// The entitlements for one product (several with Family Sharing).
    public static func currentEntitlements(for productID: String) -> Transactions {
        Transactions(.currentEntitlements(productID))
    }

    /// The entitlement for one product, if the account has it.
    public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
        var iterator = currentEntitlements(for: productID).makeAsyncIterator()
        return await iterator.next()
    }

    /// The latest transaction for a product, entitled or not.
    public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
        do {
            return try await StoreKitRuntime.shared.call { store throws(StoreError) in
                try await store.latest(for: productID)
            }.map { VerificationResult<Transaction>($0) }
        } catch {
            StoreKitRuntime.shared.report(error)
            return nil
        }
    }

    /// A sequence of transactions, as StoreKit's `Transaction.Transactions`.
    public struct Transactions: AsyncSequence, Sendable {
        public typealias Element = VerificationResult<Transaction>
        public typealias Failure = Never

        enum Source: Sendable, Hashable {
            case updates, all, unfinished
            case allForProduct(String)
            case currentEntitlements(String?)
        }
        let source: Source
        init(_ source: Source) { self.source = source }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cursor: TransactionCursor(source)) }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Element = VerificationResult<Transaction>
            public typealias Failure = Never
            let cursor: TransactionCursor

            public mutating func next() async -> Element? { await cursor.next() }

            public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
                await cursor.next()
            }
        }
    }
}

/// Where an iterator of `Transaction.Transactions` stands: a listener's inbox for `updates`,
/// else the list read from the store on the first `next()`.
final class TransactionCursor: Sendable {
    private let source: Transaction.Transactions.Source
    private struct State {
        var list: [VerificationResult<Transaction>]?
        var inbox: UpdateInbox?
    }
    private let state = Mutex(State())

    init(_ source: Transaction.Transactions.Source) {
        self.source = source
        // A listener counts from the moment its loop starts, before its first await: a
        // purchase made right after is made with the listener running.
        if source == .updates, let binding = StoreKitRuntime.shared.installed {
            let inbox = binding.hub.addListener()
            state.withLock { $0.inbox = inbox }
        }
    }

    func next() async -> VerificationResult<Transaction>? {
        if source == .updates { return await nextUpdate() }
        if state.withLock({ $0.list == nil }) {
            let list = await read()
            state.withLock { $0.list = list }
        }
        return state.withLock { state in
            guard let first = state.list?.first else { return nil }
            state.list?.removeFirst()
            return first
        }
    }

    private func nextUpdate() async -> VerificationResult<Transaction>? {
        var inbox = state.withLock { $0.inbox }
        if inbox == nil {
            let binding: StoreBinding
            do {
                binding = try await StoreKitRuntime.shared.binding()
            } catch {
                // No store yet: say so once, and wait for a session rather than end the loop.
                StoreKitRuntime.shared.report(error)
                binding = await StoreKitRuntime.shared.nextInstalled()
            }
            await binding.hub.start()
            inbox = binding.hub.addListener()
            state.withLock { $0.inbox = inbox }
        }
        return await inbox?.next()
    }

    private func read() async -> [VerificationResult<Transaction>] {
        let source = source
        do {
            let binding = try await StoreKitRuntime.shared.binding()
            let results = try await binding.call { store throws(StoreError) in
                switch source {
                case .all: return try await store.all()
                case .allForProduct(let productID):
                    return try await store.all().filter { $0.unsafePayloadValue.productID == productID }
                case .unfinished: return try await store.unfinished()
                case .currentEntitlements(let productID):
                    let all = try await store.currentEntitlements()
                    guard let productID else { return all }
                    return all.filter { $0.unsafePayloadValue.productID == productID }
                case .updates: return []
                }
            }.map { VerificationResult<Transaction>($0) }
            switch source {
            case .currentEntitlements(nil): binding.watcher.entitlementsRead()
            case .unfinished:
                for result in results { binding.watcher.delivered(result, via: "Transaction.unfinished") }
            // Only the first read of every entitlement and the unfinished ones are watched for mistakes.
            case .currentEntitlements(.some), .all, .allForProduct, .updates: break
            }
            return results
        } catch {
            StoreKitRuntime.shared.report((error as? StoreError).map(StoreKitError.from) ?? error)
            return []
        }
    }
}

extension StoreKitRuntime {
    /// Finishes a transaction and tells the watcher (finishing an unverified one is a mistake).
    func finish(_ transaction: Transaction) async throws {
        let binding = try await binding()
        binding.watcher.finished(transaction)
        do {
            try await binding.call { store throws(StoreError) in try await store.finish(transaction.id) }
        } catch {
            throw StoreKitError.from(error)
        }
    }
}
