import Foundation
import HTTP
import Simulator
import StoreCore

/// Apple's Retention Messaging API (developer.apple.com/documentation/retentionmessaging):
/// images, messages, default messages, the real-time URL and performance tests, at Apple's
/// paths, with the App Store Server API's bearer JWTs and Apple's error codes.
extension AppStoreServerAPI {
    static func addRetentionRoutes(
        to router: inout Router, store: SimulatedStore, tester: RetentionPerformanceTester
    ) {
        addRetentionImageRoutes(to: &router, store: store)
        addRetentionMessageRoutes(to: &router, store: store)
        addRetentionDefaultRoutes(to: &router, store: store)
        router.add("PUT", "/inApps/v1/messaging/realtime/url") { request, _ in
            await respond { () async throws(StoreServerError) in
                let body = try Self.body(RetentionAPIModels.RealtimeURL.self, of: request)
                try await retention { () async throws(RetentionError) in
                    try await store.setRetentionRealtimeURL(body.realtimeURL)
                }
                return Empty()
            }
        }
        router.add("GET", "/inApps/v1/messaging/realtime/url") { _, _ in
            await respond { () async throws(StoreServerError) in
                RetentionAPIModels.RealtimeURL(
                    realtimeURL: try await retention { () async throws(RetentionError) in
                        try await store.retentionRealtimeURL()
                    })
            }
        }
        router.add("DELETE", "/inApps/v1/messaging/realtime/url") { _, _ in
            await respond { () async throws(StoreServerError) in
                try await retention { () async throws(RetentionError) in
                    try await store.deleteRetentionRealtimeURL()
                }
                return Empty()
            }
        }
        router.add("POST", "/inApps/v1/messaging/performanceTest") { request, _ in
            await respond { () async throws(StoreServerError) in
                let body = try Self.body(RetentionAPIModels.PerformanceTestRequest.self, of: request)
                guard let original = body.originalTransactionId else {
                    throw .appStoreAPI(
                        status: 400, code: 4_000_211, message: "originalTransactionId is required")
                }
                let test = try await retention { () async throws(RetentionError) in
                    try await store.startRetentionPerformanceTest(originalTransactionID: original)
                }
                tester.runInBackground(test)
                return RetentionAPIModels.PerformanceTestResponse(
                    config: test.config, requestId: test.requestID)
            }
        }
        router.add("GET", "/inApps/v1/messaging/performanceTest/result/{requestId}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = parameters["requestId"] ?? ""
                return RetentionAPIModels.PerformanceTestResult(
                    try await retention { () async throws(RetentionError) in
                        try await store.retentionPerformanceTest(requestID: id)
                    })
            }
        }
    }

    private static func addRetentionImageRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/inApps/v1/messaging/image/list") { _, _ in
            await respond { () async throws(StoreServerError) in
                let images = try await retention { () async throws(RetentionError) in
                    try await store.retentionImages()
                }
                return RetentionAPIModels.ImageList(
                    imageIdentifiers: images.map {
                        .init(
                            imageIdentifier: $0.id.uuidString.lowercased(), imageState: $0.state.rawValue,
                            imageSize: $0.size.rawValue)
                    })
            }
        }
        router.add("PUT", "/inApps/v1/messaging/image/{imageIdentifier}") { request, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try uuid(parameters["imageIdentifier"], "imageIdentifier")
                var size: RetentionImageSize?
                if let raw = values("imageSize", in: queryItems(request)).first {
                    guard let known = RetentionImageSize(rawValue: raw) else {
                        throw .appStoreAPI(
                            status: 400, code: 4_000_216,
                            message: "imageSize '\(raw)' is not FULL_SIZE or BULLET_POINT")
                    }
                    size = known
                }
                try await retention { () async throws(RetentionError) in
                    try await store.uploadRetentionImage(id: id, png: request.body, size: size)
                }
                return Empty()
            }
        }
        router.add("DELETE", "/inApps/v1/messaging/image/{imageIdentifier}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try uuid(parameters["imageIdentifier"], "imageIdentifier")
                try await retention { () async throws(RetentionError) in
                    try await store.deleteRetentionImage(id: id)
                }
                return Empty()
            }
        }
    }

    private static func addRetentionMessageRoutes(to router: inout Router, store: SimulatedStore) {
        router.add("GET", "/inApps/v1/messaging/message/list") { _, _ in
            await respond { () async throws(StoreServerError) in
                let messages = try await retention { () async throws(RetentionError) in
                    try await store.retentionMessages()
                }
                return RetentionAPIModels.MessageList(
                    messageIdentifiers: messages.map {
                        .init(
                            messageIdentifier: $0.id.uuidString.lowercased(), messageState: $0.state.rawValue)
                    })
            }
        }
        router.add("PUT", "/inApps/v1/messaging/message/{messageIdentifier}") { request, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try uuid(parameters["messageIdentifier"], "messageIdentifier")
                let body = try Self.body(RetentionAPIModels.UploadMessageRequest.self, of: request)
                try await retention { () async throws(RetentionError) in
                    try await store.uploadRetentionMessage(
                        id: id, content: try RetentionMessage.Content(body))
                }
                return Empty()
            }
        }
        router.add("DELETE", "/inApps/v1/messaging/message/{messageIdentifier}") { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try uuid(parameters["messageIdentifier"], "messageIdentifier")
                try await retention { () async throws(RetentionError) in
                    try await store.deleteRetentionMessage(id: id)
                }
                return Empty()
            }
        }
    }

    private static func addRetentionDefaultRoutes(to router: inout Router, store: SimulatedStore) {
        let path = "/inApps/v1/messaging/default/{productId}/{locale}"
        router.add("PUT", path) { request, parameters in
            await respond { () async throws(StoreServerError) in
                let body = try Self.body(RetentionAPIModels.DefaultConfigurationRequest.self, of: request)
                try await retention { () async throws(RetentionError) in
                    try await store.configureRetentionDefault(
                        productID: parameters["productId"] ?? "", locale: parameters["locale"] ?? "",
                        messageID: body.messageIdentifier)
                }
                return Empty()
            }
        }
        router.add("GET", path) { _, parameters in
            await respond { () async throws(StoreServerError) in
                let id = try await retention { () async throws(RetentionError) in
                    try await store.retentionDefault(
                        productID: parameters["productId"] ?? "", locale: parameters["locale"] ?? "")
                }
                return RetentionAPIModels.DefaultConfigurationResponse(
                    messageIdentifier: id.uuidString.lowercased())
            }
        }
        router.add("DELETE", path) { _, parameters in
            await respond { () async throws(StoreServerError) in
                try await retention { () async throws(RetentionError) in
                    try await store.deleteRetentionDefault(
                        productID: parameters["productId"] ?? "", locale: parameters["locale"] ?? "")
                }
                return Empty()
            }
        }
    }

    /// A UUID path segment, or Apple's GENERAL_BAD_REQUEST naming it.
    private static func uuid(_ text: String?, _ name: String) throws(StoreServerError) -> UUID {
        guard let text, let id = UUID(uuidString: text) else {
            throw .appStoreAPI(status: 400, code: 4_000_000, message: "\(name) '\(text ?? "")' is not a UUID")
        }
        return id
    }

    /// Runs a retention call, answering its refusal as Apple's error.
    static func retention<T>(_ body: () async throws(RetentionError) -> T) async throws(StoreServerError) -> T
    {
        do throws(RetentionError) {
            return try await body()
        } catch {
            throw .appStoreAPI(status: error.status, code: error.code, message: error.message)
        }
    }
}
