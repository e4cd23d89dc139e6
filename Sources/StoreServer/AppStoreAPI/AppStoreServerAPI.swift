import Foundation
import HTTP
import Signing
import Simulator
import StoreCore

/// Apple's App Store Server API over a `SimulatedStore`, at Apple's paths under `/inApps/`:
/// a developer's backend points Apple's own client at this server. Calls carry an ES256
/// bearer JWT from a key registered with `kiosk keys`; errors are Apple's
/// `{"errorCode", "errorMessage"}` with `Content-Type: application/json` exactly, because
/// Apple's client ignores the code under any other content type.
public final class AppStoreServerAPI: Sendable {
    let store: SimulatedStore
    let keys: APIKeyRegistry
    let wallClock: @Sendable () -> Date
    private let router: Router
    private let verifiedTokens = VerifiedTokenCache()

    /// The error code of a 401. Apple answers 401 without a code; this one is outside
    /// Apple's `APIError` list so clients see an unknown code, not a wrong one.
    public static let unauthenticatedCode = 4_010_000

    public init(
        store: SimulatedStore, keys: APIKeyRegistry, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.keys = keys
        self.wallClock = wallClock
        var router = Router()
        Self.addTransactionRoutes(to: &router, store: store)
        Self.addNotificationRoutes(to: &router, store: store)
        Self.addSubscriptionRoutes(to: &router, store: store)
        Self.addRetentionRoutes(to: &router, store: store, tester: RetentionPerformanceTester(store: store))
        self.router = router
    }

    /// Every route, for documentation checks.
    public var routes: [(method: String, pattern: String)] { router.patterns }

    /// Whether a request is for this API.
    public static func handles(_ request: HTTPRequest) -> Bool { request.path.hasPrefix("/inApps/") }

    /// Authenticates, then answers.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do throws(StoreServerError) {
            try await authenticate(request)
        } catch {
            return Self.error(error)
        }
        switch router.match(method: request.method, path: request.path) {
        case .found(let handler, let parameters): return await handler(request, parameters)
        case .methodNotAllowed(let allowed):
            var response = Self.error(
                .appStoreAPI(status: 405, code: 4_000_000, message: "\(request.method) is not allowed here"))
            response.headers.add("Allow", allowed.joined(separator: ", "))
            return response
        case .notFound:
            return Self.error(.appStoreAPI(status: 404, code: 4_040_000, message: "no such endpoint"))
        }
    }

    /// Checks the bearer JWT as Apple does: ES256 with a registered key, `aud`
    /// appstoreconnect-v1, `bid` the app's, `iss` the key's issuer, `exp` in the future.
    /// `iat` is optional, because Apple's client never sends it.
    private func authenticate(_ request: HTTPRequest) async throws(StoreServerError) {
        let header = request.headers["Authorization"] ?? ""
        guard header.hasPrefix("Bearer "), case let token = String(header.dropFirst(7)), !token.isEmpty else {
            throw Self.unauthenticated("missing bearer token: send Authorization: Bearer <ES256 JWT>")
        }
        // Without a turn of the store when an answer it gave since its last change is kept.
        let bundleID: String
        if let identity = store.rememberedIdentity {
            bundleID = identity.bundleID
        } else {
            bundleID = await store.identity.bundleID
        }
        let now = wallClock()
        // The PEM registered for a key now: a cached token counts only while it is the same.
        let registeredKey = { [keys] (keyID: String) -> String? in
            // An unreadable registry is a miss here; the full check below reports it.
            (try? keys.registered(keyID))?.publicKey
        }
        if let cached = verifiedTokens.token(token, bundleID: bundleID, now: now, publicKey: registeredKey) {
            try checkRegistration(of: cached, bundleID: bundleID)
            return
        }
        let verified: APIToken
        // A registry that cannot be read, or a registered key that does not parse, is the
        // server's trouble (500 saying which), not the caller's unknown key.
        var registryFailure: StoreServerError?
        do {
            verified = try APIToken.verify(
                token,
                keys: { [keys] keyID in
                    do throws(StoreServerError) {
                        return try keys.publicKey(keyID)
                    } catch {
                        registryFailure = error
                        return nil
                    }
                }, bundleID: bundleID, now: now)
        } catch {
            if let registryFailure { throw registryFailure }
            throw Self.unauthenticated(APIAuthenticationHint.message(for: error, serverBundleID: bundleID))
        }
        let registered = try checkRegistration(of: verified, bundleID: bundleID)
        verifiedTokens.remember(token, verified, publicKey: registered.publicKey, now: now)
    }

    /// The key a verified token names, registered for its issuer and this app.
    @discardableResult
    private func checkRegistration(of verified: APIToken, bundleID: String) throws(StoreServerError)
        -> RegisteredAPIKey
    {
        guard let registered = try keys.registered(verified.keyID), registered.issuerID == verified.issuerID
        else {
            throw Self.unauthenticated(
                "the token's iss is not the issuer registered for key \(verified.keyID)")
        }
        guard registered.bundleID == bundleID else {
            throw Self.unauthenticated(
                APIAuthenticationHint.wrongApp(
                    keyID: verified.keyID, registeredFor: registered.bundleID, serverBundleID: bundleID))
        }
        return registered
    }

    static func unauthenticated(_ message: String) -> StoreServerError {
        .appStoreAPI(status: 401, code: unauthenticatedCode, message: message)
    }

    // MARK: Responses

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Runs `body` and answers its value as JSON with `status`, or an empty body for `Empty`,
    /// or Apple's error body.
    static func respond<T: Encodable & Sendable>(
        status: Int = 200, _ body: () async throws(StoreServerError) -> T
    ) async -> HTTPResponse {
        do throws(StoreServerError) {
            let value = try await body()
            if value is Empty { return HTTPResponse(status: status) }
            do {
                return .json(status, Array(try encoder.encode(value)))
            } catch {
                // Only a value JSON cannot hold (a non-finite number) fails here: say so, not "{}".
                return Self.error(
                    .appStoreAPI(
                        status: 500, code: 5_000_000, message: "the answer cannot be encoded: \(error)"))
            }
        } catch {
            return Self.error(error)
        }
    }

    static func error(_ error: StoreServerError) -> HTTPResponse {
        guard case .appStoreAPI(let status, let code, let message) = error else {
            return Self.error(.appStoreAPI(status: 500, code: 5_000_000, message: "\(error)"))
        }
        let body = APIErrorBody(errorCode: code, errorMessage: message)
        // An Int and a String always encode: the empty body is never sent.
        var response = HTTPResponse.json(status, Array((try? encoder.encode(body)) ?? Data()))
        if status == 401 { response.headers.add("WWW-Authenticate", "Bearer") }
        return response
    }

    /// Turns a store failure into Apple's error, `notFound` naming the code for a missing ID.
    static func apiError(_ error: StoreError, notFound: Int = 4_040_010) -> StoreServerError {
        switch error {
        case .transactionNotFound(let id):
            .appStoreAPI(status: 404, code: notFound, message: "transaction \(id) not found")
        case .accountNotFound(let name):
            .appStoreAPI(status: 404, code: 4_040_001, message: "no account \(name)")
        case .invalidArgument(let message): .appStoreAPI(status: 400, code: 4_000_000, message: message)
        default: .appStoreAPI(status: 500, code: 5_000_000, message: "\(error)")
        }
    }

    /// Runs a store call, mapping its failure to Apple's error.
    static func store<T>(notFound: Int = 4_040_010, _ body: () async throws(StoreError) -> T)
        async throws(StoreServerError) -> T
    {
        do throws(StoreError) {
            return try await body()
        } catch {
            throw apiError(error, notFound: notFound)
        }
    }
}

/// Apple's error body.
struct APIErrorBody: Codable, Sendable {
    var errorCode: Int
    var errorMessage: String
}
