import Foundation
import HTTP
import StoreCore
import WireProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain JSON calls to a Kiosk server with its bearer token, errors turned back into the
/// `StoreError`s the server threw: over TCP with URLSession (libcurl on Linux), or over the
/// state directory's Unix socket with `HTTPClient`, where a vanished owner is replaced
/// (`reattach`) and a request is sent again only when that cannot repeat it.
struct WireClient: Sendable {
    /// Makes sure someone serves the socket again (this process, by taking the state over, or
    /// another one that did); it throws when nobody can.
    typealias Reattach = @Sendable () async throws(StoreError) -> Void

    enum Transport: Sendable {
        case session(URLSession, baseURL: URL)
        case socket(HTTPClient, reattach: Reattach?)
    }

    let token: String
    let transport: Transport
    /// How long a call over a state's socket waits for an owner that answers (`HandOver`).
    private(set) var handOverTimeout = HandOver.defaultTimeout
    /// Where the server is, for messages.
    let location: String
    /// The screen pictures the server keeps for this client's sessions (sent once per change).
    let pictures = SentPictures()

    init(baseURL: URL, token: String) {
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.httpMaximumConnectionsPerHost = 8
        transport = .session(URLSession(configuration: configuration), baseURL: baseURL)
        location = baseURL.absoluteString
    }

    init(
        socketPath: String, token: String, reattach: Reattach?,
        handOverTimeout: Duration = HandOver.defaultTimeout
    ) {
        self.token = token
        transport = .socket(HTTPClient(address: .unix(path: socketPath)), reattach: reattach)
        location = socketPath
        self.handOverTimeout = handOverTimeout
    }

    /// `path` with each `{…}`-free segment given; segments are percent-encoded here.
    static func path(_ segments: String...) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return "/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(
                separator: "/")
    }

    /// Sends a request and decodes a `T` from a 2xx answer.
    func call<T: Decodable>(
        _ method: String, _ path: String, query: String? = nil,
        body: (some Encodable & Sendable)? = Optional<Int>.none,
        headers: [String: String] = [:], as type: T.Type = T.self
    ) async throws(StoreError) -> T {
        let bytes = try await send(method, path, query: query, body: body, headers: headers)
        return try WireCoding.decode(T.self, from: bytes)
    }

    /// Sends a request whose answer carries nothing (204).
    func callWithoutAnswer(
        _ method: String, _ path: String, body: (some Encodable & Sendable)? = Optional<Int>.none
    )
        async throws(StoreError)
    {
        _ = try await send(method, path, query: nil, body: body, headers: [:])
    }

    func send(
        _ method: String, _ path: String, query: String?, body: (some Encodable & Sendable)?,
        headers: [String: String]
    ) async throws(StoreError) -> [UInt8] {
        try await send(
            method, path + (query.map { "?" + $0 } ?? ""), bytes: body.map { WireCoding.encode($0) },
            headers: headers)
    }

    /// Sends `bytes` (JSON) as the body of `method target`; the answer's body, from a 2xx.
    /// `repeatable`: sending it twice changes nothing more than sending it once.
    func send(
        _ method: String, _ target: String, bytes: [UInt8]?, headers: [String: String] = [:],
        repeatable: Bool = false
    ) async throws(StoreError) -> [UInt8] {
        let journal = JournalContext.current
        var answer = try await exchange(
            method, target, bytes: bytes, headers: headers, journal: journal, resendingPicture: false,
            repeatable: repeatable)
        if let journal, answer.refusesPicture {
            // The server does not keep the picture this call named (a new owner took the state
            // over, or it forgot the session): nothing ran, so it goes again with the picture.
            pictures.forget(session: journal.session)
            answer = try await exchange(
                method, target, bytes: bytes, headers: headers, journal: journal, resendingPicture: true,
                repeatable: repeatable)
        }
        if let journal { pictures.serverKeeps(answer.keptPicture, session: journal.session) }
        guard (200..<300).contains(answer.status) else {
            // An error body that is not the wire's (a proxy's page) still fails the call, by status.
            if let wire = try? WireCoding.decode(WireError.self, from: answer.body) { throw wire.storeError }
            throw StoreError.backend("the server answered \(answer.status) to \(method) \(target)")
        }
        return answer.body
    }

    /// A server's answer: its status and body, and the digest of the screen picture it keeps
    /// for the caller's session now, when it said.
    struct Answer {
        var status: Int
        var body: [UInt8]
        var keptPicture: String?

        /// The refusal of a call that named a picture the server does not keep.
        var refusesPicture: Bool {
            // A body that is not the wire's error is some other failure, which the caller reports.
            status == WireError.pictureUnknown / 10_000
                && (try? WireCoding.decode(WireError.self, from: body))?.errorCode == WireError.pictureUnknown
        }
    }

    /// One request and its answer, with the caller's session and screen for the owner's QA
    /// journal; the screen's picture only with a change (a read is not journaled), and only
    /// when the server does not keep it already (it is kilobytes), unless `resendingPicture`.
    private func exchange(
        _ method: String, _ target: String, bytes: [UInt8]?, headers: [String: String],
        journal: JournalContext?, resendingPicture: Bool, repeatable: Bool
    ) async throws(StoreError) -> Answer {
        var allHeaders = headers
        if let journal {
            let journalHeaders = pictures.headers(for: journal, method: method, resending: resendingPicture)
            allHeaders.merge(journalHeaders) { mine, _ in mine }
        }
        allHeaders["Authorization"] = "Bearer \(token)"
        allHeaders["Accept"] = "application/json"
        if bytes != nil { allHeaders["Content-Type"] = "application/json" }
        switch transport {
        case .session(let session, let baseURL):
            return try await Self.send(
                session, baseURL: baseURL, method, target, headers: allHeaders, body: bytes)
        case .socket(let client, let reattach):
            return try await send(
                client, reattach: reattach, method, target, headers: allHeaders, body: bytes,
                repeatable: repeatable)
        }
    }

    private static func send(
        _ session: URLSession, baseURL: URL, _ method: String, _ target: String, headers: [String: String],
        body: [UInt8]?
    ) async throws(StoreError) -> Answer {
        guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + target) else {
            throw StoreError.invalidArgument("cannot make a URL of \(target)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw StoreError.backend(
                "cannot reach the Kiosk server at \(baseURL.absoluteString): \(error.localizedDescription)")
        }
        let http = response as? HTTPURLResponse
        return Answer(
            status: http?.statusCode ?? 0, body: Array(data),
            keptPicture: http?.value(forHTTPHeaderField: JournalContext.pictureDigestHeader))
    }

    /// Over the state's socket. A request that never left, or that the owner refused before
    /// reading it (503, code 5030001: too many connections, or shutting down), is sent again
    /// once someone serves the socket; one that left and got no answer is sent again only when
    /// repeating it is harmless (a read, or a purchase with an idempotency key, which returns the
    /// first outcome); otherwise the caller hears that it may or may not have happened. The
    /// whole wait for an owner that answers is bounded (`HandOver`), and a failure says what
    /// happened over it.
    private func send(
        _ client: HTTPClient, reattach: Reattach?, _ method: String, _ target: String,
        headers: [String: String], body: [UInt8]?, repeatable: Bool
    ) async throws(StoreError) -> Answer {
        let repeatable = repeatable || method == "GET" || headers["Idempotency-Key"] != nil
        var handOver = HandOver(
            request: "\(method) \(target)", socketPath: location, timeout: handOverTimeout)
        while true {
            // What went wrong: the connection (nil when the owner answered but refused).
            let failure: HTTPClient.Failure?
            let description: String
            do throws(HTTPClient.Failure) {
                let response = try await client.send(
                    method, target, headers: headers.map { ($0.key, $0.value) }, body: body)
                guard reattach != nil, HandOver.isRefusal(status: response.status, body: response.body) else {
                    return Answer(
                        status: response.status, body: response.body,
                        keptPicture: response.headers[JournalContext.pictureDigestHeader])
                }
                (failure, description) = (nil, "503 \(Self.message(of: response.body))")
            } catch {
                (failure, description) = (error, "\(error)")
            }
            client.closeIdleConnections()
            guard let reattach else {
                throw StoreError.backend("cannot reach the store at \(location): \(description)")
            }
            if case .lost = failure, !repeatable { throw handOver.cutOff() }
            handOver.note(refused: failure == nil)
            guard !handOver.isOverdue else { throw handOver.gaveUp(lastFailure: description) }
            await handOver.pause(afterRefusal: failure == nil)
            // Someone serves the socket again: this process, taking the state over, or another.
            // (An owner that refuses may be quitting.)
            do {
                try await reattach()
            } catch {
                throw handOver.noNewOwner(because: error)
            }
        }
    }

    private static func message(of body: [UInt8]) -> String {
        // Only words for the error the caller throws anyway: a body that is not JSON says "refused".
        (try? WireCoding.decode(WireError.self, from: body))?.errorMessage ?? "refused"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

extension WireClient {
    /// A text answer (the root certificate's PEM).
    func text(_ method: String, _ path: String) async throws(StoreError) -> String {
        String(
            decoding: try await send(method, path, query: nil, body: Optional<Int>.none, headers: [:]),
            as: UTF8.self)
    }
}
