import Foundation
import StoreCore

/// A value that travels as the payload of an App Store JWS: it knows its JSON form (Apple's
/// field names and types) and the date its certificate chain is checked at.
public protocol SignedPayload: Sendable, Hashable {
    /// Apple's name for the payload type, used in error messages.
    static var payloadTypeName: String { get }
    /// The payload's JSON, exactly as Apple's library expects it.
    func payloadJSON() throws(SigningError) -> [UInt8]
    /// Decodes the payload's JSON.
    init(payloadJSON: [UInt8]) throws(SigningError)
    /// The date the certificate chain must be valid at: `signedDate`, or `receiptCreationDate`
    /// for an app transaction (what Apple's library uses with online checks off).
    var certificateCheckDate: Date { get }
}

/// One JSON configuration for every payload, so their output is stable byte for byte.
enum PayloadJSON {
    static func encode(_ value: some Encodable, as type: String) throws(SigningError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(value)) } catch {
            throw .undecodablePayload(type: type, reason: "cannot encode: \(error)")
        }
    }

    static func decode<T: Decodable>(_: T.Type, from json: [UInt8], as type: String) throws(SigningError) -> T
    {
        // The plain documents Kiosk writes are read without JSONDecoder; the rest as before.
        if let flat = T.self as? any FlatJSONDecodable.Type, let members = FlatJSON.members(of: json),
            let value = flat.init(flatJSON: members) as? T
        {
            return value
        }
        do { return try JSONDecoder().decode(T.self, from: Data(json)) } catch let error as DecodingError {
            throw .undecodablePayload(type: type, reason: describe(error))
        } catch {
            throw .undecodablePayload(type: type, reason: "\(error)")
        }
    }

    /// DecodingError's own description is a wall of text; name the field and the problem.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "the payload" : "\"\(keys)\""
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)) is not of type \(type)"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension Transaction: SignedPayload {
    public static var payloadTypeName: String { TransactionPayload.typeName }
    public func payloadJSON() throws(SigningError) -> [UInt8] {
        TransactionPayload(self).encodedBytes()
    }
    public init(payloadJSON json: [UInt8]) throws(SigningError) {
        self = try PayloadJSON.decode(TransactionPayload.self, from: json, as: Self.payloadTypeName)
            .transaction()
    }
    public var certificateCheckDate: Date { signedDate }
}

extension RenewalInfo: SignedPayload {
    public static var payloadTypeName: String { RenewalInfoPayload.typeName }
    public func payloadJSON() throws(SigningError) -> [UInt8] {
        try PayloadJSON.encode(RenewalInfoPayload(self), as: Self.payloadTypeName)
    }
    public init(payloadJSON json: [UInt8]) throws(SigningError) {
        self = try PayloadJSON.decode(RenewalInfoPayload.self, from: json, as: Self.payloadTypeName)
            .renewalInfo()
    }
    public var certificateCheckDate: Date { signedDate }
}

extension AppTransaction: SignedPayload {
    public static var payloadTypeName: String { AppTransactionPayload.typeName }
    public func payloadJSON() throws(SigningError) -> [UInt8] {
        try PayloadJSON.encode(AppTransactionPayload(self), as: Self.payloadTypeName)
    }
    public init(payloadJSON json: [UInt8]) throws(SigningError) {
        self = try PayloadJSON.decode(AppTransactionPayload.self, from: json, as: Self.payloadTypeName)
            .appTransaction()
    }
    public var certificateCheckDate: Date { signedDate }
}

extension NotificationPayload: SignedPayload {
    public static var payloadTypeName: String { "ResponseBodyV2DecodedPayload" }
    public func payloadJSON() throws(SigningError) -> [UInt8] {
        try PayloadJSON.encode(self, as: Self.payloadTypeName)
    }
    public init(payloadJSON json: [UInt8]) throws(SigningError) {
        self = try PayloadJSON.decode(Self.self, from: json, as: Self.payloadTypeName)
    }
    public var certificateCheckDate: Date { signedDate }
}
