import Foundation
import HTTP
import StoreCore

extension RemoteStore {
    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
        await follow(accountPath("updates"), resumable: true, into: continuation) { [self] event in
            guard event.event == "transaction",
                let wire = try? WireCoding.decode(WireSigned.self, from: Array(event.data.utf8)),
                let check = try? check(wire, as: Transaction.self)
            else { return nil }
            return check
        }
        return stream
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreMessage.self)
        await follow(accountPath("messages"), resumable: false, into: continuation) { event in
            guard event.event == "message" else { return nil }
            return (try? WireCoding.decode(Wire.Message.self, from: Array(event.data.utf8)))?.message
        }
        return stream
    }

    public func events() async -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self)
        await follow(controlPath("events"), resumable: false, into: continuation) { [self] event in
            guard let wire = try? WireCoding.decode(Wire.Event.self, from: Array(event.data.utf8)) else {
                return nil
            }
            switch wire.type {
            case "transaction": return wire.transaction.flatMap { try? check($0) }.map(StoreEvent.transaction)
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

    /// Follows an event stream into `continuation`, reconnecting with exponential backoff
    /// (0.1 s doubling to 30 s) until the consumer stops listening. A resumable stream sends
    /// `Last-Event-ID`, so the server replays exactly what was missed. Returns once the first
    /// connection is ready (or has failed), so nothing that happens after this call is missed.
    private func follow<Element: Sendable>(
        _ path: String, resumable: Bool, into continuation: AsyncStream<Element>.Continuation,
        decode: @escaping @Sendable (ServerSentEvent) -> Element?
    ) async {
        let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
        let (host, port, token) = (host, port, client.token)
        let task = Task {
            var lastEventID: String?
            var delay = 0.1
            while !Task.isCancelled {
                var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
                if resumable, let lastEventID { headers.add("Last-Event-ID", lastEventID) }
                switch try? await EventStreamClient.open(host: host, port: port, path: path, headers: headers)
                {
                case .events(let events):
                    delay = 0.1
                    do {
                        for try await event in events {
                            if let id = event.id { lastEventID = id }
                            if event.event == "ready" { readySignal.finish() }
                            if let element = decode(event) { continuation.yield(element) }
                        }
                    } catch {}
                case .refused(let response) where [401, 404].contains(response.status):
                    // A wrong token or an unknown account will not get better by retrying.
                    readySignal.finish()
                    continuation.finish()
                    return
                case .refused, nil: break
                }
                readySignal.finish()
                try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                delay = min(delay * 2, 30)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        for await _ in ready {}
    }
}
