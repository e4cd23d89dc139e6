import Foundation
import Simulator
import StoreCore

/// The query of Get Transaction History: dates, products, types, groups, ownership,
/// revocation and sort order, each checked with Apple's error code.
struct HistoryFilter: Sendable {
    var start: Date?
    var end: Date?
    var productIDs: Set<String> = []
    var productTypes: Set<ProductType> = []
    var groupIDs: Set<String> = []
    var ownership: Transaction.OwnershipType?
    var revoked: Bool?
    var descending = false

    private static let types: [String: ProductType] = [
        "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewable, "CONSUMABLE": .consumable,
        "NON_CONSUMABLE": .nonConsumable,
    ]

    init(_ items: [(name: String, value: String)]) throws(StoreServerError) {
        for (name, value) in items {
            switch name {
            case "startDate": start = try Self.date(value, code: 4_000_015)
            case "endDate": end = try Self.date(value, code: 4_000_016)
            case "productId": productIDs.insert(value)
            case "productType":
                guard let type = Self.types[value] else { throw Self.bad(4_000_022, "productType", value) }
                productTypes.insert(type)
            case "subscriptionGroupIdentifier": groupIDs.insert(value)
            case "inAppOwnershipType":
                guard let type = Transaction.OwnershipType(rawValue: value) else {
                    throw Self.bad(4_000_026, "inAppOwnershipType", value)
                }
                ownership = type
            case "revoked":
                // Apple's Python client sends str(bool): True or False.
                switch value.lowercased() {
                case "true": revoked = true
                case "false": revoked = false
                default: throw Self.bad(4_000_030, "revoked", value)
                }
            case "sort":
                guard value == "ASCENDING" || value == "DESCENDING" else {
                    throw Self.bad(4_000_021, "sort", value)
                }
                descending = value == "DESCENDING"
            default: continue
            }
        }
        if let start, let end, start > end {
            throw .appStoreAPI(status: 400, code: 4_000_013, message: "startDate is after endDate")
        }
    }

    /// Whether a transaction of the history meets every condition of the query (the sort
    /// order is the page's, not the filter's).
    func accepts(_ transaction: Transaction) -> Bool {
        if let start, transaction.purchaseDate < start { return false }
        if let end, transaction.purchaseDate >= end { return false }
        if !productIDs.isEmpty, !productIDs.contains(transaction.productID) { return false }
        if !productTypes.isEmpty, !productTypes.contains(transaction.productType) { return false }
        if !groupIDs.isEmpty, !groupIDs.contains(transaction.subscriptionGroupID ?? "") { return false }
        if let ownership, transaction.ownershipType != ownership { return false }
        if let revoked, transaction.isRevoked != revoked { return false }
        return true
    }

    private static func date(_ text: String, code: Int) throws(StoreServerError) -> Date {
        guard let milliseconds = Int64(text) else { throw bad(code, "date", text) }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func bad(_ code: Int, _ name: String, _ value: String) -> StoreServerError {
        .appStoreAPI(status: 400, code: code, message: "invalid \(name) '\(value)'")
    }
}
