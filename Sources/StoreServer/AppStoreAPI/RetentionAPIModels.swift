import Foundation
import Simulator

/// The JSON bodies of Apple's Retention Messaging API, with Apple's key names, mirroring
/// app-store-server-library's models (`UploadMessageRequestBody`, `GetImageListResponse`, ...).
enum RetentionAPIModels {
    struct UploadMessageImage: Codable, Sendable {
        var imageIdentifier: UUID
        var altText: String
    }

    struct BulletPoint: Codable, Sendable {
        var text: String
        var imageIdentifier: UUID
        var altText: String
    }

    struct UploadMessageRequest: Codable, Sendable {
        var header: String
        var body: String
        var image: UploadMessageImage?
        var headerPosition: String?
        var bulletPoints: [BulletPoint]?
    }

    struct ImageListItem: Codable, Sendable {
        var imageIdentifier: String
        var imageState: String
        var imageSize: String
    }

    struct ImageList: Codable, Sendable { var imageIdentifiers: [ImageListItem] }

    struct MessageListItem: Codable, Sendable {
        var messageIdentifier: String
        var messageState: String
    }

    struct MessageList: Codable, Sendable { var messageIdentifiers: [MessageListItem] }

    struct DefaultConfigurationRequest: Codable, Sendable { var messageIdentifier: UUID? }
    struct DefaultConfigurationResponse: Codable, Sendable { var messageIdentifier: String }

    struct RealtimeURL: Codable, Sendable { var realtimeURL: String }

    struct PerformanceTestRequest: Codable, Sendable { var originalTransactionId: String? }

    struct PerformanceTestResponse: Codable, Sendable {
        var config: RetentionPerformanceTest.Config
        var requestId: String
    }

    struct PerformanceTestResult: Codable, Sendable {
        var config: RetentionPerformanceTest.Config
        var target: String
        var result: String
        var successRate: Int?
        var numPending: Int
        var responseTimes: RetentionPerformanceTest.ResponseTimes?
        var failures: [String: Int]

        init(_ test: RetentionPerformanceTest) {
            config = test.config
            target = test.target
            result = test.status.rawValue
            successRate = test.successRate
            numPending = test.numPending
            responseTimes = test.responseTimes
            failures = test.failures
        }
    }
}

extension RetentionMessage.Content {
    /// The content of Apple's upload body, or Apple's error for a header position it does not name.
    init(_ request: RetentionAPIModels.UploadMessageRequest) throws(RetentionError) {
        var position: RetentionMessage.HeaderPosition?
        if let raw = request.headerPosition {
            guard let known = RetentionMessage.HeaderPosition(rawValue: raw) else {
                throw RetentionError(
                    status: 400, code: 4_000_000,
                    message: "headerPosition '\(raw)' is not ABOVE_BODY or ABOVE_IMAGE")
            }
            position = known
        }
        self.init(
            header: request.header, body: request.body,
            image: request.image.map { .init(imageIdentifier: $0.imageIdentifier, altText: $0.altText) },
            headerPosition: position,
            bulletPoints: request.bulletPoints?.map {
                .init(text: $0.text, imageIdentifier: $0.imageIdentifier, altText: $0.altText)
            })
    }
}
