import Foundation
import StoreCore

// Apple's StoreKit types print their signed JSON (or their values) for debugging; these do the
// same, so `print(transaction)` in a log reads as it does on a device.

extension Product: CustomDebugStringConvertible {
    /// The product's JSON (`jsonRepresentation`), as text.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension Transaction: CustomDebugStringConvertible {
    /// The transaction's signed JSON payload, as text.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension Product.SubscriptionInfo.RenewalInfo: CustomDebugStringConvertible {
    /// The renewal info's signed JSON payload, as text.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension AppTransaction: CustomDebugStringConvertible {
    /// The app transaction's signed JSON payload, as text.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension Product.SubscriptionPeriod: CustomDebugStringConvertible {
    /// "1 month", "3 days".
    public var debugDescription: String {
        "\(value) \(unit.englishName)\(value == 1 ? "" : "s")"
    }
}

extension VerificationResult: CustomDebugStringConvertible {
    /// Which case, the error when unverified, and the payload's own debug description.
    public var debugDescription: String {
        switch self {
        case .verified(let value): "verified(\(String(reflecting: value)))"
        case .unverified(let value, let error): "unverified(\(error), \(String(reflecting: value)))"
        }
    }
}
