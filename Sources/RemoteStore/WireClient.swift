import Foundation
import StoreCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain JSON calls to a Kiosk server with its bearer token: URLSession (libcurl on Linux),
/// errors turned back into the `StoreError`s the server threw.
struct WireClient: Sendable {
    let baseURL: URL
    let token: String
    let session: URLSession

    init(baseURL: URL, token: String) {
        self.baseURL = baseURL
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration)
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
    func perform(_ method: String, _ path: String, body: (some Encodable & Sendable)? = Optional<Int>.none)
        async throws(StoreError)
    {
        _ = try await send(method, path, query: nil, body: body, headers: [:])
    }

    func send(
        _ method: String, _ path: String, query: String?, body: (some Encodable & Sendable)?,
        headers: [String: String]
    ) async throws(StoreError) -> [UInt8] {
        guard
            let url = URL(
                string: baseURL.absoluteString.trimmingSuffix("/") + path + (query.map { "?" + $0 } ?? ""))
        else { throw StoreError.invalidArgument("cannot make a URL of \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(WireCoding.encode(body))
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw StoreError.backend(
                "cannot reach the Kiosk server at \(baseURL.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            if let wire = try? WireCoding.decode(WireError.self, from: Array(data)) { throw wire.storeError }
            throw StoreError.backend("the server answered \(status) to \(method) \(path)")
        }
        return Array(data)
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
