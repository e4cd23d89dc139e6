import HTTP
import Simulator
import StoreCore
import WireProtocol

extension StoreServer {
    /// The server-sent event streams: transaction updates (resumable), messages, and the
    /// Transaction Manager's events.
    static func addStreamRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/v1/accounts/{account}/updates") { request, p in
            let after = request.headers["Last-Event-ID"].flatMap { Int64($0) }
            return await eventStream(for: p, store) { account throws(StoreError) in
                // Subscribed before the answer's head: a store that cannot is a 5xx the client
                // sees, not a stream that ends at once.
                let subscription = try await store.subscribeToUpdateLog(account: account, after: after)
                let unfinished = subscription.isFresh ? try await store.acting(for: account).unfinished() : []
                return { writer in await streamUpdates(subscription, unfinished: unfinished, to: writer) }
            }
        }
        router.add("GET", "/v1/accounts/{account}/messages") { _, p in
            await eventStream(for: p, store) { account in
                { writer in
                    let messages = await store.acting(for: account).messages()
                    guard send(ServerSentEvent(event: "ready", data: "{}"), to: writer) else { return }
                    for await message in messages {
                        let data = String(decoding: WireCoding.encode(Wire.Message(message)), as: UTF8.self)
                        guard send(ServerSentEvent(event: "message", data: data), to: writer) else { return }
                    }
                }
            }
        }
        router.add("GET", "/v1/control/accounts/{account}/events") { _, p in
            await eventStream(for: p, store) { account in
                { writer in
                    let events = await store.acting(for: account).events()
                    guard send(ServerSentEvent(event: "ready", data: "{}"), to: writer) else { return }
                    for await event in events {
                        let wire = Wire.Event(event)
                        let data = String(decoding: WireCoding.encode(wire), as: UTF8.self)
                        guard send(ServerSentEvent(event: wire.type, data: data), to: writer) else { return }
                    }
                }
            }
        }
    }

    typealias EventProducer = @Sendable (StreamWriter) async -> Void

    /// The event stream of the path's `{account}`, which must exist. `prepare` runs before the
    /// answer's head is sent: what it throws (and an unknown account, or a store that cannot
    /// say which exist) is answered with the error body instead of a stream.
    private static func eventStream(
        for parameters: Router.Parameters, _ store: SimulatedStore,
        prepare: @Sendable (_ account: AccountName) async throws(StoreError) -> EventProducer
    ) async -> HTTPResponse {
        do throws(StoreError) {
            let account = AccountName(try capture("account", in: parameters))
            guard try await store.accounts().contains(where: { $0.name == account }) else {
                throw StoreError.accountNotFound(account)
            }
            return .eventStream(try await prepare(account))
        } catch {
            return Self.error(WireError(error))
        }
    }

    /// Writes one event; false once the client has gone or stopped reading past the send
    /// timeout. The stream just ends then: there is no one left to tell, and a client that
    /// wants more reconnects (with `Last-Event-ID` for updates).
    private static func send(_ event: ServerSentEvent, to writer: StreamWriter) -> Bool {
        do {
            try writer.write(event)
            return true
        } catch {
            return false
        }
    }

    /// A new listener first gets every unfinished transaction (without IDs: they are not in
    /// the log), then a `ready` event whose ID marks its place, then each update with its ID,
    /// the update log's sequence number in the ledger. A resuming listener (`Last-Event-ID`)
    /// gets the updates after it, then the live ones, across restarts and changes of owner.
    private static func streamUpdates(
        _ subscription: UpdateLogSubscription, unfinished: [VerificationResult<Transaction>],
        to writer: StreamWriter
    ) async {
        func send(_ transaction: VerificationResult<Transaction>, id: Int64?) -> Bool {
            let data = String(decoding: WireCoding.encode(WireSigned(transaction)), as: UTF8.self)
            return Self.send(
                ServerSentEvent(id: id.map(String.init), event: "transaction", data: data), to: writer)
        }
        for check in unfinished where !send(check, id: nil) { return }
        let ready = ServerSentEvent(id: String(subscription.head), event: "ready", data: "{}")
        guard Self.send(ready, to: writer) else { return }
        for entry in subscription.backlog where !send(entry.transaction, id: entry.sequence) { return }
        for await entry in subscription.live
        where entry.sequence > subscription.head && !send(entry.transaction, id: entry.sequence) {
            return
        }
    }
}
