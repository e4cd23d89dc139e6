import Foundation
import StoreCore

/// The error body of every failed wire call, `{"errorCode": Int, "errorMessage": String}`
/// (served as `application/json`), and the stable mapping of `StoreError` to codes and back.
///
/// Codes are seven digits, the first three the HTTP status, as the App Store Server API's:
/// 4000001 invalid argument, 4001xxx StoreKitError, 4002xxx PurchaseError, 4010001 bad token,
/// 4040001 product, 4040002 transaction, 4040003 account, 4040004 no such route, 4050001 method,
/// 4090001 invalid action, 4130001 / 4310001 / 4080001 / 4000002 request limits and syntax,
/// 5000001 backend.
public struct WireError: Codable, Sendable, Hashable, Error, CustomStringConvertible {
    public var errorCode: Int
    public var errorMessage: String

    public init(errorCode: Int, errorMessage: String) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var description: String { "\(errorCode): \(errorMessage)" }

    /// The HTTP status the code belongs to.
    public var status: Int { errorCode / 10_000 }

    public static let unauthorized = 4_010_001
    public static let routeNotFound = 4_040_004
    public static let methodNotAllowed = 4_050_001
    /// A call named its screen's picture by a digest the server does not keep (a new owner, a
    /// session it forgot): nothing ran, and the client sends it again with the picture.
    public static let pictureUnknown = 4_280_001

    /// The HTTP layer's own refusals (400, 408, 413, 431, 503...).
    public static func http(status: Int, message: String) -> WireError {
        WireError(errorCode: status * 10_000 + (status == 400 ? 2 : 1), errorMessage: message)
    }

    /// StoreKitError and PurchaseError numbers: their position in these lists, which only grow.
    private static let storeKitErrors: [StoreKitError] = [
        .unknown, .userCancelled, .networkError, .systemError, .notAvailableInStorefront, .notEntitled,
        .unsupported,
    ]
    private static let purchaseErrors: [PurchaseError] = [
        .invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer,
        .invalidOfferIdentifier,
        .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters,
    ]

    public init(_ error: StoreError) {
        let message = error.description
        switch error {
        case .invalidArgument: self.init(errorCode: 4_000_001, errorMessage: message)
        case .storeKit(let kind):
            self.init(
                errorCode: 4_001_000 + (Self.storeKitErrors.firstIndex(of: kind) ?? 0), errorMessage: message)
        case .purchase(let kind):
            self.init(
                errorCode: 4_002_000 + (Self.purchaseErrors.firstIndex(of: kind) ?? 0), errorMessage: message)
        case .productNotFound(let id):
            self.init(errorCode: 4_040_001, errorMessage: Self.quoted(id, in: message))
        case .transactionNotFound: self.init(errorCode: 4_040_002, errorMessage: message)
        case .accountNotFound(let name):
            self.init(errorCode: 4_040_003, errorMessage: Self.quoted(name.rawValue, in: message))
        case .invalidAction: self.init(errorCode: 4_090_001, errorMessage: message)
        case .backend: self.init(errorCode: 5_000_001, errorMessage: message)
        case .idempotencyKeyReused: self.init(errorCode: 4_220_001, errorMessage: message)
        }
    }

    /// The `StoreError` this body stands for: the same case and subject the server threw.
    public var storeError: StoreError {
        switch errorCode {
        case 4_000_001: return .invalidArgument(errorMessage)
        case 4_001_000..<4_002_000:
            let index = errorCode - 4_001_000
            return .storeKit(index < Self.storeKitErrors.count ? Self.storeKitErrors[index] : .unknown)
        case 4_002_000..<4_003_000:
            let index = errorCode - 4_002_000
            guard index < Self.purchaseErrors.count else { return .storeKit(.unknown) }
            return .purchase(Self.purchaseErrors[index])
        case 4_040_001: return .productNotFound(Self.subject(of: errorMessage))
        case 4_040_002:
            let digits = errorMessage.split(whereSeparator: { !$0.isNumber }).first.flatMap { UInt64($0) }
            return .transactionNotFound(digits ?? 0)
        case 4_040_003: return .accountNotFound(AccountName(Self.subject(of: errorMessage)))
        case 4_090_001: return .invalidAction(errorMessage)
        case 4_220_001: return .idempotencyKeyReused(errorMessage)
        default: return .backend("server error \(errorCode): \(errorMessage)")
        }
    }

    /// Not-found messages name their subject first, between single quotes, so the client can
    /// rebuild the error; a subject holding a quote is escaped by doubling it.
    private static func quoted(_ subject: String, in message: String) -> String {
        let escaped = subject.replacingOccurrences(of: "'", with: "''")
        return message.replacingOccurrences(of: "'\(subject)'", with: "'\(escaped)'")
    }

    private static func subject(of message: String) -> String {
        guard let open = message.firstIndex(of: "'") else { return "" }
        var subject = ""
        var index = message.index(after: open)
        while index < message.endIndex {
            let next = message.index(after: index)
            if message[index] == "'" {
                guard next < message.endIndex, message[next] == "'" else { break }
                subject.append("'")
                index = message.index(after: next)
                continue
            }
            subject.append(message[index])
            index = next
        }
        return subject
    }
}
