import Foundation
import HTTP
import Simulator
import StoreCore

extension StoreServer {
    /// The `StoreControl` actions: store-wide under `/v1/control`, per account under
    /// `/v1/control/accounts/{account}`.
    static func addControlRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/v1/control/accounts") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Accounts(try await store.accounts())
            }
        }
        router.add("PUT", "/v1/control/accounts/{account}") { request, p in
            await respond(store, p, mustExist: false) { (store) async throws(StoreError) in
                var account = try Self.body(StoreAccount.self, of: request)
                account.name = p["account"]!
                try await store.addAccount(account)
                return Empty()
            }
        }
        let base = "/v1/control/accounts/{account}"
        router.add("GET", base + "/records") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Records(try await store.transactionRecords().map(Wire.Record.init))
            }
        }
        router.add("GET", base + "/notifications") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let limit = request.query["limit"].flatMap { Int($0) } ?? 100
                return Wire.Notifications(try await store.notificationHistory(limit: limit))
            }
        }
        let transactionActions:
            [(String, @Sendable (AccountBoundStore, UInt64, HTTPRequest) async throws(StoreError) -> Void)] =
                [
                    ("approve", { store, id, _ throws(StoreError) in try await store.approveAskToBuy(id) }),
                    ("decline", { store, id, _ throws(StoreError) in try await store.declineAskToBuy(id) }),
                    (
                        "resolve",
                        { store, id, _ throws(StoreError) in try await store.resolveIssue(transactionID: id) }
                    ),
                    (
                        "price-increase-request",
                        { store, id, _ throws(StoreError) in
                            try await store.requestPriceIncreaseConsent(transactionID: id)
                        }
                    ),
                    (
                        "refund",
                        { store, id, request throws(StoreError) in
                            try await store.refund(
                                id, reason: try reason(try body(Wire.Value<Int>.self, of: request).value))
                        }
                    ),
                    (
                        "auto-renew",
                        { store, id, request throws(StoreError) in
                            try await store.setAutoRenew(
                                try body(Wire.Value<Bool>.self, of: request).value, transactionID: id)
                        }
                    ),
                    (
                        "price-increase-response",
                        { store, id, request throws(StoreError) in
                            try await store.respondToPriceIncrease(
                                transactionID: id, accept: try body(Wire.Value<Bool>.self, of: request).value)
                        }
                    ),
                ]
        for (name, action) in transactionActions {
            router.add("POST", base + "/transactions/{id}/" + name) { request, p in
                await respond(store, p) { (store) async throws(StoreError) in
                    try await action(store, try transactionID(p), request)
                    return Empty()
                }
            }
        }
        router.add("DELETE", base + "/transactions/{id}") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.deleteTransaction(try transactionID(p))
                return Empty()
            }
        }
        router.add("DELETE", base + "/transactions") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.clearTransactions()
                return Empty()
            }
        }
        router.add("POST", base + "/subscriptions/{product}/expire") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.expireSubscription(productID: p["product"]!)
                return Empty()
            }
        }
        router.add("POST", base + "/subscriptions/{product}/renew") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.forceRenewal(productID: p["product"]!)
                return Empty()
            }
        }
        router.add("POST", base + "/off-device-purchases") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let body = try Self.body(Wire.PurchaseRequest.self, of: request)
                return Wire.Value(
                    try await store.buyOffDevice(body.productID, options: body.options?.options ?? []))
            }
        }
        router.add("POST", base + "/clock/advance") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let body = try Self.body(Wire.ClockAdvance.self, of: request)
                guard let periods = body.periods, let group = body.groupID else {
                    throw StoreError.invalidArgument("give periods and groupID")
                }
                return Wire.Value(try await store.advanceClock(periods: periods, groupID: group))
            }
        }
        router.add("GET", base + "/settings") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in try await store.settings() }
        }
        router.add("PATCH", base + "/settings") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                for setting in try Self.body(Wire.SettingsPatch.self, of: request).settings {
                    try await store.apply(setting)
                }
                return Empty()
            }
        }
        router.add("GET", "/v1/control/clock") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in Wire.Value(try await store.now()) }
        }
        router.add("POST", "/v1/control/clock/advance") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                guard let seconds = try Self.body(Wire.ClockAdvance.self, of: request).seconds else {
                    throw StoreError.invalidArgument("give seconds")
                }
                return Wire.Value(try await store.advanceClock(by: seconds))
            }
        }
        router.add("POST", "/v1/control/reset") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                try await store.resetToDefaultState()
                return Empty()
            }
        }
        router.add("GET", "/v1/control/simulated-errors") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.SimulatedErrors(try await store.simulatedErrors())
            }
        }
        router.add("PUT", "/v1/control/simulated-errors/{api}") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                guard let api = FailableAPI(key: p["api"]!) else {
                    throw StoreError.invalidArgument("unknown API '\(p["api"]!)'")
                }
                let code = try Self.body(Wire.Value<String?>.self, of: request).value
                let failure = try code.map { code throws(StoreError) in
                    guard let failure = SimulatedFailure(code: code) else {
                        throw StoreError.invalidArgument("unknown failure '\(code)'")
                    }
                    return failure
                }
                try await store.setSimulatedError(failure, for: api)
                return Empty()
            }
        }
    }
}
