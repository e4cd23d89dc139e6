import HTTP
import Simulator
import StoreCore
import WireProtocol

extension StoreServer {
    /// The server-sent event streams: transaction updates (resumable), messages, and the
    /// Transaction Manager's events.
    static func addStreamRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/v1/accounts/{account}/updates") { request, p in
            let account = p["account"]!
            if let refusal = await refuseUnknown(account, store) { return refusal }
            let lastEventID = request.headers["Last-Event-ID"]
            return .eventStream { writer in
                await streamUpdates(account: account, after: lastEventID, store: store, to: writer)
            }
        }
        router.add("GET", "/v1/accounts/{account}/messages") { _, p in
            let account = p["account"]!
            if let refusal = await refuseUnknown(account, store) { return refusal }
            return .eventStream { writer in
                let messages = await store.acting(for: account).messages()
                guard (try? writer.write(ServerSentEvent(event: "ready", data: "{}"))) != nil else { return }
                for await message in messages {
                    let data = String(decoding: WireCoding.encode(Wire.Message(message)), as: UTF8.self)
                    guard (try? writer.write(ServerSentEvent(event: "message", data: data))) != nil else {
                        return
                    }
                }
            }
        }
        router.add("GET", "/v1/control/accounts/{account}/events") { _, p in
            let account = p["account"]!
            if let refusal = await refuseUnknown(account, store) { return refusal }
            return .eventStream { writer in
                let events = await store.acting(for: account).events()
                guard (try? writer.write(ServerSentEvent(event: "ready", data: "{}"))) != nil else { return }
                for await event in events {
                    let wire = Wire.Event(event)
                    let data = String(decoding: WireCoding.encode(wire), as: UTF8.self)
                    guard (try? writer.write(ServerSentEvent(event: wire.type, data: data))) != nil else {
                        return
                    }
                }
            }
        }
    }

    private static func refuseUnknown(_ account: String, _ store: SimulatedStore) async -> HTTPResponse? {
        let accounts = (try? await store.accounts()) ?? []
        guard !accounts.contains(where: { $0.name == account }) else { return nil }
        return error(WireError(StoreError.accountNotFound(account)))
    }

    /// A new listener first gets every unfinished transaction (without IDs: they are not in
    /// the log), then a `ready` event whose ID marks its place, then each update with its ID,
    /// the update log's sequence number in the ledger. A resuming listener (`Last-Event-ID`)
    /// gets the updates after it, then the live ones, across restarts and changes of owner.
    private static func streamUpdates(
        account: String, after lastEventID: String?, store: SimulatedStore, to writer: StreamWriter
    ) async {
        let after = lastEventID.flatMap { Int64($0) }
        guard
            let subscription = try? await store.subscribeToUpdateLog(account: account, after: after)
        else { return }
        func send(_ transaction: VerificationResult<Transaction>, id: Int64?) -> Bool {
            let data = String(decoding: WireCoding.encode(WireSigned(transaction)), as: UTF8.self)
            let event = ServerSentEvent(id: id.map(String.init), event: "transaction", data: data)
            return (try? writer.write(event)) != nil
        }
        if subscription.isFresh {
            let unfinished =
                (try? await store.acting(for: account).unfinished()) ?? []
            for check in unfinished where !send(check, id: nil) { return }
        }
        let ready = ServerSentEvent(id: String(subscription.head), event: "ready", data: "{}")
        guard (try? writer.write(ready)) != nil else { return }
        for entry in subscription.backlog where !send(entry.transaction, id: entry.sequence) { return }
        for await entry in subscription.live
        where entry.sequence > subscription.head && !send(entry.transaction, id: entry.sequence) {
            return
        }
    }
}
