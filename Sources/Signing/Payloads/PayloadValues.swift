import Foundation
import StoreCore

// Conversions between StoreCore's values and the JSON value types Apple's payloads use.

extension Date {
    /// Whole milliseconds since 1970, the unit of every date in Apple's signed payloads.
    var millisecondsSince1970: Int64 { saturatingMilliseconds }

    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}

extension Decimal {
    /// The amount in milliunits (9.99 -> 9990), the integer form of Apple's `price`.
    var milliunits: Int64 {
        var scaled = self * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    init(milliunits: Int64) {
        self = Decimal(milliunits) / 1000
    }
}

extension UUID {
    /// Apple writes UUIDs in lower case; Foundation's `uuidString` is upper case.
    var lowercasedString: String { uuidString.lowercased() }
}

extension SubscriptionOffer.PaymentMode {
    /// The payment mode of Apple's `offerDiscountType` (nil for `ONE_TIME` and unknown values).
    init?(discountType: String) {
        guard let mode = Self.allCases.first(where: { $0.discountType == discountType }) else { return nil }
        self = mode
    }
}

/// Reads a required field of a payload, naming it when it is missing.
func required<T>(_ value: T?, _ field: String, in type: String) throws(SigningError) -> T {
    guard let value else { throw .undecodablePayload(type: type, reason: "\"\(field)\" is missing") }
    return value
}

/// Parses a decimal ID that Apple sends as a string (`"2000000123456789"`).
func numericID(_ value: String?, _ field: String, in type: String) throws(SigningError) -> UInt64 {
    let text = try required(value, field, in: type)
    guard let number = UInt64(text) else {
        throw .undecodablePayload(type: type, reason: "\"\(field)\" is \"\(text)\", not a decimal number")
    }
    return number
}

/// Parses a raw value, naming the field and value when it is not one the enum knows.
func enumValue<E: RawRepresentable>(
    _ raw: E.RawValue?, _ field: String, in type: String
) throws(SigningError) -> E? {
    guard let raw else { return nil }
    guard let value = E(rawValue: raw) else {
        throw .undecodablePayload(type: type, reason: "\"\(field)\" has the unknown value \(raw)")
    }
    return value
}

func uuidValue(_ text: String?, _ field: String, in type: String) throws(SigningError) -> UUID? {
    guard let text else { return nil }
    guard let uuid = UUID(uuidString: text) else {
        throw .undecodablePayload(type: type, reason: "\"\(field)\" is \"\(text)\", not a UUID")
    }
    return uuid
}

func periodValue(_ text: String?, _ field: String, in type: String) throws(SigningError)
    -> SubscriptionPeriod?
{
    guard let text else { return nil }
    guard let period = SubscriptionPeriod(iso8601: text) else {
        throw .undecodablePayload(type: type, reason: "\"\(field)\" is \"\(text)\", not an ISO 8601 period")
    }
    return period
}

/// The offer of a transaction or renewal info, from Apple's four `offer*` fields.
func offerValue(
    type: Int?, id: String?, discountType: String?, period: String?, in payloadType: String
) throws(SigningError) -> Transaction.Offer? {
    guard let kind: SubscriptionOffer.OfferType = try enumValue(type, "offerType", in: payloadType) else {
        return nil
    }
    return Transaction.Offer(
        type: kind, id: id,
        paymentMode: discountType.flatMap(SubscriptionOffer.PaymentMode.init(discountType:)),
        period: try periodValue(period, "offerPeriod", in: payloadType))
}
