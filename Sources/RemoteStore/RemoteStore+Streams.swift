import Foundation
import HTTP
import StoreCore
import WireProtocol

extension RemoteStore {
    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
        await follow("updates", resumable: true, into: continuation) { [self] event in
            guard event.event == "transaction" else { return nil }
            // A signature that does not verify arrives `.unverified`, as from the simulator. An
            // update that cannot be read at all carries no transaction to hand over: it is
            // reported, as the simulator reports a transaction it hands over unverified, and
            // the app's next read of its transactions (`all`, `unfinished`) throws the error.
            do throws(StoreError) {
                return try check(
                    WireCoding.decode(WireSigned.self, from: Array(event.data.utf8)), as: Transaction.self)
            } catch {
                Self.problemReporter(
                    "an update the server sent was left out of Transaction.updates: it cannot be read (\(error))"
                )
                return nil
            }
        }
        return stream
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreMessage.self)
        await follow("messages", resumable: false, into: continuation) { event in
            guard event.event == "message" else { return nil }
            // A message is a prompt to show, not state: one this client cannot read (a newer
            // server's kind) is skipped, as StoreKit skips message reasons it does not know.
            return (try? WireCoding.decode(Wire.Message.self, from: Array(event.data.utf8)))?.message
        }
        return stream
    }

    public func events() async -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self)
        // Events missed while the stream was away are summed up as "state changed" on reconnect.
        await follow(
            "events", control: true, resumable: false, onReconnect: .stateChanged, into: continuation
        ) {
            [self] event in
            // An event this client cannot read still says the store changed: the listener
            // re-reads, and that read reports whatever is wrong.
            guard let wire = try? WireCoding.decode(Wire.Event.self, from: Array(event.data.utf8)) else {
                return .stateChanged
            }
            switch wire.type {
            case "transaction":
                guard let signed = wire.transaction else { return .stateChanged }
                do {
                    return .transaction(try check(signed))
                } catch {
                    return .stateChanged
                }
            case "message": return wire.message?.message.map(StoreEvent.message)
            case "askToBuyDeclined":
                guard let id = wire.transactionID, let product = wire.productID else { return nil }
                return .askToBuyDeclined(transactionID: id, productID: product)
            case "clockChanged": return wire.date.map(StoreEvent.clockChanged)
            case "stateChanged": return .stateChanged
            default: return nil
            }
        }
        return stream
    }

    /// Follows an event stream into `continuation`, reconnecting until the consumer stops
    /// listening: over a state's socket it first makes sure someone serves it (`reattach`),
    /// otherwise with exponential backoff (0.1 s doubling to 30 s). A resumable stream sends
    /// `Last-Event-ID`, so the server replays exactly what was missed. Each connection is the
    /// account's of the moment: `switchAccount` cancels it, the stream reconnects as the new
    /// account (from its start, as a new listener), and `switchAccount` waits for that.
    /// Returns once the first connection is ready (or has failed), so nothing that happens
    /// after this call is missed.
    private func follow<Element: Sendable>(
        _ name: String, control: Bool = false, resumable: Bool, onReconnect: Element? = nil,
        into continuation: AsyncStream<Element>.Continuation,
        decode: @escaping @Sendable (ServerSentEvent) -> Element?
    ) async {
        let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
        let (address, token, reattach) = (streamAddress, client.token, reattach)
        let streamID = UUID()
        streamConnections.open(streamID)
        let task = Task { [weak self] in
            var lastEventID: String?
            var lastAccount: AccountName?
            var delay = 0.1
            var hasConnected = false
            defer { Task { [weak self] in await self?.streamClosed(streamID) } }
            while !Task.isCancelled {
                guard let account = await self?.account else { break }
                if account != lastAccount { (lastEventID, lastAccount) = (nil, account) }
                let path = control ? Self.controlPath(account, name) : Self.accountPath(account, name)
                var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
                if resumable, let lastEventID { headers.add("Last-Event-ID", lastEventID) }
                // Every way of not connecting (refused, unreachable, cut off) is retried below
                // with backoff; what it was matters only for a 401 or 404, which never clear.
                switch try? await EventStreamClient.open(address: address, path: path, headers: headers) {
                case .events(let events):
                    delay = 0.1
                    if hasConnected, let onReconnect { continuation.yield(onReconnect) }
                    hasConnected = true
                    let connection = Task { [weak self] () -> String? in
                        var last: String?
                        do {
                            for try await event in events {
                                if let id = event.id { last = id }
                                if event.event == "ready" {
                                    readySignal.finish()
                                    await self?.streamPhase(streamID, .ready(account: account))
                                    // The stream's own handshake, not the store's news: handed to
                                    // `decode`, the events stream read it as "state changed", and a
                                    // paywall that loaded before it arrived redrew for nothing.
                                    continue
                                }
                                if let element = decode(event) { continuation.yield(element) }
                            }
                        } catch {}
                        return last
                    }
                    // Opened as an account the store has switched from: end it, go again.
                    if await self?.streamConnected(streamID, as: account, cancel: { connection.cancel() })
                        != true
                    {
                        connection.cancel()
                    }
                    if let last = await connection.value { lastEventID = last }
                    await self?.streamPhase(streamID, .connecting)
                    continue
                case .refused(let response) where [401, 404].contains(response.status):
                    // A wrong token or an unknown account will not get better by retrying.
                    readySignal.finish()
                    continuation.finish()
                    return
                case .refused: break
                case nil:
                    // A reattach that fails (no owner yet) is the same as no socket: back off.
                    if let reattach, (try? await reattach()) != nil { continue }
                }
                readySignal.finish()
                await self?.streamPhase(streamID, .retrying)
                // Cancelled: the loop's condition ends the stream.
                try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                await self?.streamPhase(streamID, .connecting)
                delay = min(delay * 2, 30)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        for await _ in ready {}
    }

    private func streamConnected(_ id: UUID, as account: AccountName, cancel: @escaping @Sendable () -> Void)
        -> Bool
    {
        streamConnections.connected(id, as: account, current: self.account, cancel: cancel)
    }

    private func streamPhase(_ id: UUID, _ phase: StreamConnections.Phase) {
        streamConnections.set(id, phase)
    }

    private func streamClosed(_ id: UUID) { streamConnections.close(id) }

    /// Moves the open streams to the account of the moment and waits until each listens as
    /// it (or is backing off after a failed try), so nothing the account does after this
    /// returns is missed.
    func moveStreams() async {
        streamConnections.reconnectAll()
        let account = self.account
        await withCheckedContinuation { continuation in streamConnections.wait(for: account, continuation) }
    }
}
