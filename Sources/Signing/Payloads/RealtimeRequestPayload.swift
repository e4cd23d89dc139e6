import Foundation
import StoreCore

/// What the App Store signs into a `RealtimeRequestBody`'s `signedPayload` when it asks a
/// developer's Get Retention Message endpoint for a message: Apple's
/// `DecodedRealtimeRequestBody` (retentionmessaging/decodedrealtimerequestbody), every field
/// required, `signedDate` in milliseconds.
public struct RealtimeRequestPayload: Sendable, Hashable, Codable {
    public var originalTransactionId: String
    public var appAppleId: Int64
    public var productId: String
    public var userLocale: String
    /// Lower-case UUID, new for every request.
    public var requestIdentifier: String
    public var signedDate: Int64
    public var environment: String

    public init(
        originalTransactionID: UInt64, appAppleID: Int64, productID: String, userLocale: String,
        requestIdentifier: UUID = UUID(), signedDate: Date, environment: AppStoreEnvironment
    ) {
        originalTransactionId = String(originalTransactionID)
        appAppleId = appAppleID
        productId = productID
        self.userLocale = userLocale
        self.requestIdentifier = requestIdentifier.uuidString.lowercased()
        self.signedDate = signedDate.saturatingMilliseconds
        self.environment = environment.rawValue
    }
}

extension RealtimeRequestPayload: SignedPayload {
    public static var payloadTypeName: String { "DecodedRealtimeRequestBody" }
    public func payloadJSON() throws(SigningError) -> [UInt8] {
        try PayloadJSON.encode(self, as: Self.payloadTypeName)
    }
    public init(payloadJSON json: [UInt8]) throws(SigningError) {
        self = try PayloadJSON.decode(Self.self, from: json, as: Self.payloadTypeName)
    }
    public var certificateCheckDate: Date { Date(timeIntervalSince1970: Double(signedDate) / 1000) }
}
