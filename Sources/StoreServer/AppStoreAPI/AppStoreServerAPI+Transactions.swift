import Foundation
import HTTP
import Simulator
import StoreCore

/// Transaction info, history, subscription statuses, refund history, order lookup, app
/// transaction and finish.
extension AppStoreServerAPI {
    typealias Models = AppStoreAPIModels

    /// Apple pages history and refunds 20 transactions at a time.
    static let pageSize = 20

    static func addTransactionRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/inApps/v1/transactions/{transactionId}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try transactionID(parameters)
                // The store's last answer while nothing changed, else a turn of the store.
                if let remembered = store.rememberedServerTransaction(id), let found = remembered.answer {
                    return Models.TransactionInfo(signedTransactionInfo: found.jws)
                }
                let found = try await transaction(id, in: store)
                return Models.TransactionInfo(signedTransactionInfo: found.jws)
            }
        }
        for version in ["v1", "v2"] {
            router.add("GET", "/inApps/\(version)/history/{transactionId}") { request, parameters in
                await respond { () async throws(StoreServerError) in
                    try await history(request, parameters, store: store)
                }
            }
        }
        router.add("GET", "/inApps/v1/subscriptions/{transactionId}") { request, parameters in
            await respond { () async throws(StoreServerError) in
                try await statuses(request, parameters, store: store)
            }
        }
        router.add("GET", "/inApps/v2/refund/lookup/{transactionId}") { request, parameters in
            await respond { () async throws(StoreServerError) in
                try await refunds(request, parameters, store: store)
            }
        }
        router.add("GET", "/inApps/v1/lookup/{orderId}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                guard let id = UInt64(parameters["orderId"] ?? "", radix: 36),
                    let found = try await Self.store({ () async throws(StoreError) in
                        try await store.serverTransaction(id)
                    })
                else { return Models.OrderLookup(status: 1, signedTransactions: []) }
                return Models.OrderLookup(status: 0, signedTransactions: [found.jws])
            }
        }
        router.add("GET", "/inApps/v1/transactions/appTransactions/{transactionId}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let text = parameters["transactionId"] ?? ""
                var owner = await store.account(withAppTransactionID: text)
                if owner == nil {
                    owner = try await transaction(
                        try transactionID(parameters), in: store, notFound: 4_040_019
                    ).account
                }
                let signed = try await Self.store { () async throws(StoreError) in
                    try await store.acting(for: owner).appTransaction().jwsRepresentation
                }
                return Models.AppTransactionInfo(signedAppTransactionInfo: signed)
            }
        }
        router.add("POST", "/inApps/v1/transactions/{transactionId}/finish") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try transactionID(parameters)
                let owner = try await transaction(id, in: store).account
                try await Self.store { () async throws(StoreError) in
                    try await store.acting(for: owner).finish(id)
                }
                return Empty()
            }
        }
    }

    /// Get Transaction History: the owner's transactions, filtered, sorted, 20 a page.
    private static func history(
        _ request: HTTPRequest, _ parameters: Router.Parameters, store: SimulatedStore
    )
        async throws(StoreServerError) -> Models.History
    {
        let owner = try await transaction(try transactionID(parameters), in: store).account
        let items = queryItems(request)
        let filter = try HistoryFilter(items)
        let (page, revision) = try await historyPage(
            of: owner, token: values("revision", in: items).first, descending: filter.descending,
            store: store, accepting: filter.accepts)
        let identity = await store.identity
        return Models.History(
            revision: revision, hasMore: page.hasMore, bundleId: identity.bundleID,
            appAppleId: identity.appAppleID, environment: identity.environment.rawValue,
            signedTransactions: page.items.map(\.jws))
    }

    /// Get Refund History: the owner's refunded transactions, oldest first, 20 a page.
    private static func refunds(
        _ request: HTTPRequest, _ parameters: Router.Parameters, store: SimulatedStore
    )
        async throws(StoreServerError) -> Models.RefundHistory
    {
        let owner = try await transaction(try transactionID(parameters), in: store).account
        let (page, revision) = try await historyPage(
            of: owner, token: values("revision", in: queryItems(request)).first, descending: false,
            store: store, accepting: \.isRevoked)
        return Models.RefundHistory(
            signedTransactions: page.items.map(\.jws), revision: revision, hasMore: page.hasMore)
    }

    /// The page of the owner's history after `token`, read from the store a page at a time,
    /// and the token of the page after it. A token is the ID of the last transaction handed
    /// out (0, as no token: from the start), so new purchases never shift the pages to come;
    /// a token that does not decode is Apple's INVALID_REQUEST_REVISION.
    private static func historyPage(
        of owner: AccountName, token: String?, descending: Bool, store: SimulatedStore,
        accepting accepts: @Sendable (Transaction) -> Bool
    ) async throws(StoreServerError) -> (page: ServerTransactionPage, revision: String) {
        let position = try position(ofPageToken: token, invalid: 4_000_005)
        let last = position == 0 ? nil : UInt64(position)
        let page = try await Self.store { () async throws(StoreError) in
            try await store.serverTransactionPage(
                ofAccount: owner, after: last, descending: descending, limit: pageSize, accepting: accepts)
        }
        let next = page.items.last.map { Int64(clamping: $0.transaction.id) } ?? position
        return (page, pageToken(next))
    }

    /// Get All Subscription Statuses, optionally only those in the `status` list.
    private static func statuses(
        _ request: HTTPRequest, _ parameters: Router.Parameters, store: SimulatedStore
    )
        async throws(StoreServerError) -> Models.Statuses
    {
        let owner = try await transaction(try transactionID(parameters), in: store).account
        var wanted: Set<Int> = []
        for text in values("status", in: queryItems(request)) {
            guard let status = Int(text), (1...5).contains(status) else {
                throw .appStoreAPI(status: 400, code: 4_000_031, message: "invalid status '\(text)'")
            }
            wanted.insert(status)
        }
        let all = try await Self.store { () async throws(StoreError) in
            try await store.serverStatuses(ofAccount: owner)
        }
        var groups: [Models.GroupStatus] = []
        for status in all where wanted.isEmpty || wanted.contains(status.state.rawValue) {
            let last = Models.LastTransaction(
                status: status.state.rawValue, originalTransactionId: String(status.originalTransactionID),
                signedTransactionInfo: status.signedTransactionInfo,
                signedRenewalInfo: status.signedRenewalInfo)
            if let index = groups.firstIndex(where: { $0.subscriptionGroupIdentifier == status.groupID }) {
                groups[index].lastTransactions.append(last)
            } else {
                groups.append(
                    Models.GroupStatus(subscriptionGroupIdentifier: status.groupID, lastTransactions: [last]))
            }
        }
        let identity = await store.identity
        return Models.Statuses(
            environment: identity.environment.rawValue, bundleId: identity.bundleID,
            appAppleId: identity.appAppleID,
            data: groups)
    }
}
