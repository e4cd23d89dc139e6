import Foundation

/// Reads the App Store Server API's Advanced Commerce fields of a signed payload
/// (`advancedCommerceTransactionInfo` in a JWSTransaction, `advancedCommerceRenewalInfo` in a
/// JWSRenewalInfo) into StoreKit's types. Prices come in milliunits of the currency, dates in
/// milliseconds since 1970, periods as ISO 8601 durations ("P1M"), as the server API documents:
/// https://developer.apple.com/documentation/appstoreserverapi/advancedcommercetransactioninfo
/// https://developer.apple.com/documentation/appstoreserverapi/advancedcommercerenewalinfo
/// A payload without the field (every one Kiosk's store signs) gives nil. One whose field cannot
/// be read also gives nil, as the property cannot throw, and the reason (the field's path and
/// what is wrong) goes to standard error once.
package enum AdvancedCommercePayload {
    static func transactionInfo(inPayload payload: Data) -> Transaction.AdvancedCommerceInfo? {
        reporting { try transactionInfo(readingPayload: payload) }
    }

    static func renewalInfo(inPayload payload: Data)
        -> Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo?
    {
        reporting { try renewalInfo(readingPayload: payload) }
    }

    /// The payload's `advancedCommerceTransactionInfo`, nil without one; throws `Unreadable`.
    package static func transactionInfo(readingPayload payload: Data) throws
        -> Transaction.AdvancedCommerceInfo?
    {
        try read(payload, as: TransactionPayload.self)?.advancedCommerceTransactionInfo?.storeKit
    }

    /// The payload's `advancedCommerceRenewalInfo`, nil without one; throws `Unreadable`.
    package static func renewalInfo(readingPayload payload: Data) throws
        -> Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo?
    {
        try read(payload, as: RenewalPayload.self)?.advancedCommerceRenewalInfo?.storeKit
    }

    private static func reporting<Info>(_ body: () throws -> Info?) -> Info? {
        do {
            return try body()
        } catch {
            StoreKitRuntime.shared.report(error)
            return nil
        }
    }

    private static func read<Payload: Decodable>(_ payload: Data, as type: Payload.Type) throws -> Payload? {
        guard !payload.isEmpty else { return nil }
        do {
            return try JSONDecoder().decode(type, from: payload)
        } catch {
            throw Unreadable(underlying: error)
        }
    }

    /// Why a signed payload's Advanced Commerce field was not read.
    package struct Unreadable: LocalizedError {
        let underlying: any Error

        package var errorDescription: String? {
            let detail: String
            switch underlying {
            case DecodingError.keyNotFound(let key, let context):
                detail = "\(Self.path(context.codingPath + [key])) is missing"
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                DecodingError.dataCorrupted(let context):
                detail = "\(Self.path(context.codingPath)): \(context.debugDescription)"
            default:
                detail = "\(underlying)"
            }
            return "the signed payload's Advanced Commerce information cannot be read (\(detail)); "
                + "advancedCommerceInfo is nil. Sign the fields as the App Store Server API names them."
        }

        static func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
    }
}

// MARK: - The server API's fields

private struct TransactionPayload: Decodable {
    let advancedCommerceTransactionInfo: TransactionInfo?
}

private struct RenewalPayload: Decodable {
    let advancedCommerceRenewalInfo: RenewalInfo?
}

private struct Descriptors: Decodable {
    let description: String?
    let displayName: String?
}

private struct TransactionInfo: Decodable {
    let descriptors: Descriptors?
    let estimatedTax: Milliunits
    let items: [TransactionItem]
    let period: ISOPeriod?
    let requestReferenceId: String
    let taxCode: String
    let taxExclusivePrice: Milliunits
    let taxRate: DecimalText

    var storeKit: Transaction.AdvancedCommerceInfo {
        Transaction.AdvancedCommerceInfo(
            description: descriptors?.description, displayName: descriptors?.displayName,
            estimatedTax: estimatedTax.amount, taxExclusivePrice: taxExclusivePrice.amount,
            requestReferenceID: requestReferenceId, items: items.map(\.storeKit),
            period: period?.period, taxCode: taxCode, taxRate: taxRate.value)
    }
}

/// The fields a transaction's item and a renewal's item share: Apple's `Item.Details`.
private struct ItemDetails: Decodable {
    let sku: String
    let description: String
    let displayName: String
    let offer: Offer?
    let price: Milliunits

    private enum CodingKeys: String, CodingKey {
        case sku = "SKU", description, displayName, offer, price
    }

    var storeKit: Transaction.AdvancedCommerceInfo.Item.Details {
        .init(
            sku: sku, price: price.amount, displayName: displayName, description: description,
            offer: offer?.storeKit)
    }
}

private struct TransactionItem: Decodable {
    let details: ItemDetails
    let refunds: [Refund]?
    let revocationDate: Milliseconds?

    private enum CodingKeys: String, CodingKey { case refunds, revocationDate }

    init(from decoder: any Decoder) throws {
        details = try ItemDetails(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        refunds = try container.decodeIfPresent([Refund].self, forKey: .refunds)
        revocationDate = try container.decodeIfPresent(Milliseconds.self, forKey: .revocationDate)
    }

    var storeKit: Transaction.AdvancedCommerceInfo.Item {
        .init(
            details: details.storeKit, refunds: refunds?.map(\.storeKit), revocationDate: revocationDate?.date
        )
    }
}

private struct Offer: Decodable {
    let period: ISOPeriod
    let periodCount: Int
    let price: Milliunits
    let reason: String

    var storeKit: Transaction.AdvancedCommerceInfo.Offer {
        .init(
            period: period.period, periodCount: periodCount, price: price.amount,
            reason: .init(rawValue: reason))
    }
}

private struct Refund: Decodable {
    let refundAmount: Milliunits
    let refundDate: Milliseconds
    let refundReason: String
    let refundType: String

    var storeKit: Transaction.AdvancedCommerceInfo.Refund {
        .init(
            amount: refundAmount.amount, date: refundDate.date, reason: .init(rawValue: refundReason),
            type: .init(rawValue: refundType))
    }
}

/// A renewal's descriptors, which Apple's type declares as always there.
private struct RenewalDescriptors: Decodable {
    let description: String
    let displayName: String
}

private struct RenewalInfo: Decodable {
    let consistencyToken: String
    let descriptors: RenewalDescriptors
    let items: [RenewalItem]
    let period: ISOPeriod
    let requestReferenceId: String
    let taxCode: String

    var storeKit: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo {
        .init(
            description: descriptors.description, displayName: descriptors.displayName,
            consistencyToken: consistencyToken, requestReferenceID: requestReferenceId,
            items: items.map(\.storeKit), period: period.period, taxCode: taxCode)
    }
}

private struct RenewalItem: Decodable {
    let details: ItemDetails
    let priceIncreaseInfo: PriceIncreaseInfo?

    private enum CodingKeys: String, CodingKey { case priceIncreaseInfo }

    init(from decoder: any Decoder) throws {
        details = try ItemDetails(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        priceIncreaseInfo = try container.decodeIfPresent(PriceIncreaseInfo.self, forKey: .priceIncreaseInfo)
    }

    var storeKit: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item {
        .init(details: details.storeKit, priceIncreaseInfo: priceIncreaseInfo?.storeKit)
    }
}

private struct PriceIncreaseInfo: Decodable {
    let dependentSKUs: [String]
    let price: Milliunits
    let status: String

    var storeKit: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo {
        .init(dependentSKUs: dependentSKUs, price: price.amount, status: .init(rawValue: status))
    }
}

// MARK: - The server API's value forms

/// An amount in thousandths of the currency's unit (`9990` is 9.99).
private struct Milliunits: Decodable {
    let amount: Decimal
    init(from decoder: any Decoder) throws {
        amount = Decimal(try decoder.singleValueContainer().decode(Int64.self)) / 1000
    }
}

/// A date as milliseconds since 1970.
private struct Milliseconds: Decodable {
    let date: Date
    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int64.self)
        date = Date(timeIntervalSince1970: TimeInterval(value) / 1000)
    }
}

/// A decimal written as text ("0.0825"), as the server API writes tax rates.
private struct DecimalText: Decodable {
    let value: Decimal
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not a decimal number (write it as \"0.0825\")")
        }
        self.value = value
    }
}

/// A period as an ISO 8601 duration of one unit ("P1M", "P3D", "P1W", "P1Y").
private struct ISOPeriod: Decodable {
    let period: Product.SubscriptionPeriod
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let units: [Character: Product.SubscriptionPeriod.Unit] = [
            "D": .day, "W": .week, "M": .month, "Y": .year,
        ]
        guard text.count >= 3, text.first == "P", let last = text.last, let unit = units[last],
            let value = Int(text.dropFirst().dropLast()), value > 0
        else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\"\(text)\" is not an ISO 8601 period of one unit (write \"P1M\", \"P3D\", \"P1W\" or \"P1Y\")"
            )
        }
        period = Product.SubscriptionPeriod(value: value, unit: unit)
    }
}
