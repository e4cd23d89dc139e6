import HTTP
import Simulator
import StoreCore
import WireProtocol

extension StoreServer {
    /// The `Store` actions, under `/v1/accounts/{account}`.
    static func addStoreRoutes(to router: inout Router, store: SimulatedStore) {
        let base = "/v1/accounts/{account}"
        router.add("GET", base) { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.currentAccount()
            }
        }
        router.add("GET", base + "/products") { request, p in
            let ids = request.query["ids"]
            return await respond(store, p) { (store) async throws(StoreError) in
                guard let ids else { return Wire.Products(try await store.allProducts()) }
                return Wire.Products(
                    try await store.products(for: ids.split(separator: ",").map(String.init)))
            }
        }
        router.add("POST", base + "/payment-sheet") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let body = try Self.body(Wire.PurchaseRequest.self, of: request)
                return Wire.PaymentSheetBody(
                    try await store.paymentSheet(for: body.productID, options: body.options?.options ?? []))
            }
        }
        router.add("GET", base + "/entitlements") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Transactions(try await store.currentEntitlements().map(WireSigned.init))
            }
        }
        router.add("GET", base + "/transactions") { request, p in
            let unfinished = request.query["unfinished"] == "true"
            return await respond(store, p) { (store) async throws(StoreError) in
                Wire.Transactions(
                    try await (unfinished ? store.unfinished() : store.all()).map(WireSigned.init))
            }
        }
        router.add("GET", base + "/products/{product}/latest-transaction") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.OptionalTransaction(
                    try await store.latest(for: try capture("product", in: p)).map(WireSigned.init))
            }
        }
        router.add("GET", base + "/subscription-groups/{group}/statuses") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let group = try capture("group", in: p)
                return Wire.Statuses(try await store.subscriptionStatuses(for: group).map(Wire.Status.init))
            }
        }
        router.add("GET", base + "/subscription-groups/{group}/intro-offer-eligibility") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Value(try await store.isEligibleForIntroOffer(groupID: try capture("group", in: p)))
            }
        }
        router.add("GET", base + "/app-transaction") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                WireSigned(try await store.appTransaction())
            }
        }
        // Every app request, from the one table `RemoteStore` sends them by.
        addTable(StoreRequest.routes, to: &router, store: store, answer: StoreRequest.answerBody) {
            store, request throws(StoreError) in try await store.perform(request)
        }
        router.add("GET", base + "/storefront") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in try await store.storefront() }
        }
    }
}
