import Foundation
import HTTP
import Simulator
import StoreCore
import WireProtocol

/// The tester's side of Retention Messaging over the wire: App Review's verdict on an upload,
/// and the auto-approve setting (docs/retention.md). Apple's own API stays under `/inApps/`.
extension StoreServer {
    struct RetentionReviewBody: Codable, Sendable {
        var approve: Bool?
        var reject: String?
    }

    struct RetentionAutoApproveBody: Codable, Sendable { var on: Bool }

    static func addRetentionRoutes(to router: inout Router, store: SimulatedStore) {
        for kind in ["messages", "images"] {
            router.add("POST", "/v1/control/retention/\(kind)/{id}/review") { request, parameters in
                guard let id = parameters["id"].flatMap(UUID.init(uuidString:)) else {
                    return error(.http(status: 400, message: "'\(parameters["id"] ?? "")' is not a UUID"))
                }
                let review: RetentionReview
                switch try? WireCoding.decode(RetentionReviewBody.self, from: request.body) {
                case .some(let body) where body.approve == true && body.reject == nil: review = .approve
                case .some(let body) where body.approve != true && !(body.reject ?? "").isEmpty:
                    review = .reject(reason: body.reject ?? "")
                default:
                    return error(
                        .http(status: 400, message: #"send {"approve": true} or {"reject": "the reason"}"#))
                }
                return await retentionAnswer(request) { () async throws(RetentionError) in
                    if kind == "messages" {
                        try await store.reviewRetentionMessage(id: id, review)
                    } else {
                        try await store.reviewRetentionImage(id: id, review)
                    }
                }
            }
        }
        router.add("PUT", "/v1/control/retention/auto-approve") { request, _ in
            guard let body = try? WireCoding.decode(RetentionAutoApproveBody.self, from: request.body) else {
                return error(.http(status: 400, message: #"send {"on": true} or {"on": false}"#))
            }
            return await retentionAnswer(request) { () async throws(RetentionError) in
                try await store.setRetentionAutoApprove(body.on)
            }
        }
    }

    /// 204 when `body` succeeds, else the refusal's status and message; journaled as the
    /// request's client said (its session and screen), else as this server's.
    private static func retentionAnswer(
        _ request: HTTPRequest, _ body: @Sendable () async throws(RetentionError) -> Void
    ) async -> HTTPResponse {
        let journal =
            JournalContext(header: { request.headers[$0] })
            ?? JournalContext(session: journalSession, source: .wire)
        let refusal: RetentionError? = await JournalContext.$current.withValue(journal) {
            do throws(RetentionError) {
                try await body()
                return nil
            } catch {
                return error
            }
        }
        guard let refusal else { return HTTPResponse(status: 204) }
        return error(.http(status: refusal.status, message: refusal.message))
    }
}
