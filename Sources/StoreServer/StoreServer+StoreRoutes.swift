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
        router.add("POST", base + "/purchases") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let body = try Self.body(Wire.PurchaseRequest.self, of: request)
                var options = body.options?.options ?? []
                if let key = request.headers["Idempotency-Key"] { options.append(.idempotencyKey(key)) }
                let confirmation: PurchaseConfirmation
                switch body.confirmation ?? "confirm" {
                case "confirm": confirmation = .confirm
                case "cancel": confirmation = .cancel
                case let other:
                    throw StoreError.invalidArgument("confirmation must be confirm or cancel, got '\(other)'")
                }
                return Wire.PurchaseOutcome(
                    try await store.purchase(body.productID, options: options, confirmation: confirmation))
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
                Wire.OptionalTransaction(try await store.latest(for: p["product"]!).map(WireSigned.init))
            }
        }
        router.add("POST", base + "/transactions/{id}/finish") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.finish(try transactionID(p))
                return Empty()
            }
        }
        router.add("POST", base + "/sync") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.sync()
                return Empty()
            }
        }
        router.add("GET", base + "/subscription-groups/{group}/statuses") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Statuses(try await store.subscriptionStatuses(for: p["group"]!).map(Wire.Status.init))
            }
        }
        router.add("GET", base + "/subscription-groups/{group}/intro-offer-eligibility") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Value(try await store.isEligibleForIntroOffer(groupID: p["group"]!))
            }
        }
        router.add("GET", base + "/app-transaction") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                WireSigned(try await store.appTransaction())
            }
        }
        router.add("POST", base + "/offer-codes/redeem") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let code = try Self.body(Wire.Value<String>.self, of: request).value
                return Wire.PurchaseOutcome(try await store.redeemOfferCode(code))
            }
        }
        router.add("POST", base + "/transactions/{id}/refund-request") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let reason = try Self.reason(try Self.body(Wire.Value<Int>.self, of: request).value)
                return Wire.Value(
                    try await store.requestRefund(for: try transactionID(p), reason: reason).rawValue)
            }
        }
        router.add("POST", base + "/manage-subscriptions") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.showManageSubscriptions()
                return Empty()
            }
        }
        router.add("GET", base + "/storefront") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in try await store.storefront() }
        }
    }
}
