import Foundation
import HTTP
import Simulator
import StoreCore
import WireProtocol

extension StoreServer {
    /// The `StoreControl` actions: store-wide under `/v1/control`, per account under
    /// `/v1/control/accounts/{account}`.
    static func addControlRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/v1/control/accounts") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Accounts(try await store.accounts())
            }
        }
        let base = "/v1/control/accounts/{account}"
        router.add("GET", base + "/records") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.Records(try await store.transactionRecords().map(Wire.Record.init))
            }
        }
        router.add("GET", base + "/snapshot") { request, p in
            // `records=N`: the newest N records (one page by default).
            var recordLimit = StoreSnapshot.recordPage
            if let text = request.query["records"] {
                guard let limit = Int(text), limit >= 1 else {
                    return error(
                        .http(
                            status: 400, message: "records=\(text): give how many records to send, 1 or more")
                    )
                }
                recordLimit = limit
            }
            let limit = recordLimit
            return await respond(store, p) { (store) async throws(StoreError) in
                Wire.Snapshot(try await store.snapshot(groupID: request.query["group"], recordLimit: limit))
            }
        }
        router.add("GET", base + "/notifications") { request, p in
            await respond(store, p) { (store) async throws(StoreError) in
                let limit = request.query["limit"].flatMap { Int($0) } ?? 100
                return Wire.Notifications(try await store.notificationHistory(limit: limit))
            }
        }
        router.add("GET", base + "/settings") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in try await store.settings() }
        }
        router.add("GET", "/v1/control/clock") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in Wire.Value(try await store.now()) }
        }
        router.add("GET", "/v1/control/simulated-errors") { _, p in
            await respond(store, p) { (store) async throws(StoreError) in
                Wire.SimulatedErrors(try await store.simulatedErrors())
            }
        }
        // Every tester operation, from the one table `RemoteStore` sends them by.
        addTable(StoreOperation.routes, to: &router, store: store, answer: StoreOperation.answerBody) {
            store, operation throws(StoreError) in try await store.perform(operation)
        }
    }
}
