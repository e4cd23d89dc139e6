import HTTP
import Simulator
import StoreCore
import WireProtocol

extension StoreServer {
    /// Runs `body` with the store acting for the path's account (which must exist) and answers
    /// with its value as JSON, or 204 for `Void`, or the error body.
    static func respond<T: Encodable & Sendable>(
        _ store: SimulatedStore, _ parameters: Router.Parameters, mustExist: Bool = true,
        _ body: @escaping @Sendable (AccountBoundStore) async throws(StoreError) -> T
    ) async -> HTTPResponse {
        let account = parameters["account"].map(AccountName.init(rawValue:))
        let result: Result<T, StoreError>
        do throws(StoreError) {
            // Most requests are for an account the store has seen: no turn of the store for that.
            if let account, mustExist, !store.isKnownAccount(account), await !store.hasAccount(account) {
                throw StoreError.accountNotFound(account)
            }
            result = .success(try await body(store.acting(for: account)))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let value):
            if value is Empty { return HTTPResponse(status: 204) }
            if let answer = value as? EncodedAnswer {
                return answer.body.map { .json(200, $0) } ?? HTTPResponse(status: 204)
            }
            return .json(200, WireCoding.encode(value))
        case .failure(let error): return Self.error(WireError(error))
        }
    }

    /// Registers every route of a wire table: each request reads back as values (a settings
    /// patch may hold several), performed in order on the path's account; the last result is
    /// the answer. Only the `Idempotency-Key` header reaches the table.
    static func addTable<Value: Sendable, Result: Sendable>(
        _ routes: [WireRoute<Value>], to router: inout Router, store: SimulatedStore,
        answer: @escaping @Sendable (Result) -> [UInt8]?,
        perform: @escaping @Sendable (AccountBoundStore, Value) async throws(StoreError) -> Result
    ) {
        for route in routes {
            router.add(route.method, route.template) { request, p in
                var headers: [String: String] = [:]
                if let key = request.headers["Idempotency-Key"] { headers["Idempotency-Key"] = key }
                let input = WireInput(parameters: p, headers: headers, body: request.body)
                // Who asks, for the QA journal: the client's session and screen, else the server's.
                let journal =
                    JournalContext(header: { request.headers[$0] })
                    ?? JournalContext(session: Self.journalSession, source: .wire)
                return await respond(store, p, mustExist: route.accountMustExist) {
                    (store) async throws(StoreError) -> EncodedAnswer in
                    var body: [UInt8]?
                    for value in try route.values(from: input) {
                        body = answer(
                            try await journal.bound { () async throws(StoreError) in
                                try await perform(store, value)
                            })
                    }
                    return EncodedAnswer(body: body)
                }
            }
        }
    }

    /// The journal's session for requests that name none (a backend, `curl`).
    static let journalSession = JournalContext.newSessionID()

    /// Decodes a JSON body, or answers 400.
    static func body<T: Decodable>(_ type: T.Type, of request: HTTPRequest) throws(StoreError) -> T {
        try WireCoding.decode(type, from: request.body.isEmpty ? Array("{}".utf8) : request.body)
    }
}

/// The value of actions that return nothing: answered 204 No Content.
struct Empty: Codable, Sendable {}

/// An answer the wire table already encoded (nil: 204 No Content).
struct EncodedAnswer: Encodable, Sendable {
    var body: [UInt8]?

    func encode(to encoder: any Encoder) throws {}
}
