import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import WireProtocol

/// The wire protocol (docs/openapi.yaml) over a `SimulatedStore` serving many accounts at
/// once: every `Store` and `StoreControl` action, update streams that resume, bearer-token
/// authentication and JSON errors. `handle(_:)` is the whole server as a function, so tests
/// can call it without sockets; `listen(_:)` puts it on an `HTTPServer`.
public final class StoreServer: Sendable {
    public let store: SimulatedStore
    let token: String
    let rootCertificate: Certificate
    /// Apple's App Store Server API under `/inApps/`, authenticated by registered keys.
    public let appStoreAPI: AppStoreServerAPI
    private let router: Router
    /// Each client session's last screen picture, so a call from an unchanged screen sends
    /// only its digest.
    private let pictures = SessionPictures()

    /// - Parameters:
    ///   - token: the bearer token every call but `GET /v1/health` must carry.
    ///   - rootCertificate: the root the store's signatures chain to, served to clients that pin it.
    ///   - apiKeys: the keys App Store Server API calls may be signed with (none by default).
    public init(
        store: SimulatedStore, token: String, rootCertificate: Certificate, apiKeys: APIKeyRegistry? = nil
    ) {
        self.store = store
        appStoreAPI = AppStoreServerAPI(store: store, keys: apiKeys ?? .inMemory())
        self.token = token
        self.rootCertificate = rootCertificate
        var router = Router()
        Self.addStoreRoutes(to: &router, store: store)
        Self.addControlRoutes(to: &router, store: store)
        Self.addStreamRoutes(to: &router, store: store)
        Self.addRetentionRoutes(to: &router, store: store)
        let pem = Array(rootCertificate.pemRepresentation.utf8)
        router.add("GET", "/v1/certificates/root") { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/x-pem-file"], body: .bytes(pem))
        }
        self.router = router
    }

    /// Every route, for documentation checks.
    public var routes: [(method: String, pattern: String)] { router.patterns + [("GET", "/v1/health")] }

    /// Answers one request: authentication, then the route.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.path == "/v1/health" && request.method == "GET" {
            return .json(200, Array(#"{"status":"ok"}"#.utf8))
        }
        if AppStoreServerAPI.handles(request) { return await appStoreAPI.handle(request) }
        let presented = request.headers["Authorization"] ?? ""
        guard presented.hasPrefix("Bearer "), ServerToken.matches(String(presented.dropFirst(7)), token)
        else {
            var response = Self.error(
                WireError(
                    errorCode: WireError.unauthorized,
                    errorMessage: presented.isEmpty
                        ? "missing bearer token: send Authorization: Bearer <token> (see kiosk serve's output)"
                        : "wrong bearer token"))
            response.headers.add("WWW-Authenticate", "Bearer")
            return response
        }
        switch router.match(method: request.method, path: request.path) {
        case .found(let handler, let parameters):
            // A picture named by its digest is put back before the route reads the journal's
            // context; the answer says which picture the server keeps for the session now.
            guard let resolved = pictures.resolve(request) else {
                return Self.error(SessionPictures.unknownPicture)
            }
            var response = await handler(resolved.request, parameters)
            if let kept = resolved.keptDigest {
                response.headers.set(JournalContext.pictureDigestHeader, kept)
            }
            return response
        case .methodNotAllowed(let allowed):
            var response = Self.error(
                WireError(
                    errorCode: WireError.methodNotAllowed,
                    errorMessage: "\(request.method) is not allowed here"))
            response.headers.add("Allow", allowed.joined(separator: ", "))
            return response
        case .notFound:
            return Self.error(
                WireError(
                    errorCode: WireError.routeNotFound,
                    errorMessage: "no route \(request.method) \(request.path)"))
        }
    }

    /// Serves on an `HTTPServer` (`serve`); async for the callers that await it.
    public func listen(_ configuration: HTTPServerConfiguration) async throws(HTTPError) -> HTTPServer {
        try serve(configuration)
    }

    /// Serves on an `HTTPServer` with JSON bodies for the HTTP layer's own errors. Update
    /// streams read the ledger's update log, so nothing needs watching before a client comes.
    public func serve(_ configuration: HTTPServerConfiguration) throws(HTTPError) -> HTTPServer {
        var configuration = configuration
        configuration.errorResponse = { status, message in
            Self.error(WireError.http(status: status, message: message))
        }
        let server = try HTTPServer(configuration: configuration) { [self] request in await handle(request) }
        server.start()
        // A served store's time passes whether or not a client listens: renewals fall due,
        // and webhooks hear of them, at their time.
        store.keepTime()
        return server
    }

    static func error(_ error: WireError) -> HTTPResponse { .json(error.status, WireCoding.encode(error)) }
}
