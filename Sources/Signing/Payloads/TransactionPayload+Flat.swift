/// A transaction's payload read without `JSONDecoder` (`FlatJSON`): every field of the
/// synthesized `Decodable`, with the same types. A member of another type than the field's, a
/// key twice, or a nested value (`commitmentInfo`) leave the decision to `JSONDecoder`.
extension TransactionPayload: FlatJSONDecodable {
    init?(flatJSON members: [(key: String, value: FlatJSON.Value)]) {
        self.init()
        var seen = Set<String>(minimumCapacity: members.count)
        for (key, value) in members {
            guard seen.insert(key).inserted, assign(value, to: key) else { return nil }
        }
    }

    private init() {}

    /// Sets the field named `key`; false when the value's type is not the field's. Keys the
    /// payload does not know are ignored, as the synthesized decoder ignores them.
    private mutating func assign(_ value: FlatJSON.Value, to key: String) -> Bool {
        switch key {
        case "originalTransactionId": return set(&originalTransactionId, value)
        case "transactionId": return set(&transactionId, value)
        case "webOrderLineItemId": return set(&webOrderLineItemId, value)
        case "bundleId": return set(&bundleId, value)
        case "productId": return set(&productId, value)
        case "subscriptionGroupIdentifier": return set(&subscriptionGroupIdentifier, value)
        case "purchaseDate": return set(&purchaseDate, value)
        case "originalPurchaseDate": return set(&originalPurchaseDate, value)
        case "expiresDate": return set(&expiresDate, value)
        case "quantity": return set(&quantity, value)
        case "type": return set(&type, value)
        case "appAccountToken": return set(&appAccountToken, value)
        case "inAppOwnershipType": return set(&inAppOwnershipType, value)
        case "signedDate": return set(&signedDate, value)
        case "revocationReason": return set(&revocationReason, value)
        case "revocationDate": return set(&revocationDate, value)
        case "isUpgraded": return set(&isUpgraded, value)
        case "offerType": return set(&offerType, value)
        case "offerIdentifier": return set(&offerIdentifier, value)
        case "environment": return set(&environment, value)
        case "storefront": return set(&storefront, value)
        case "storefrontId": return set(&storefrontId, value)
        case "transactionReason": return set(&transactionReason, value)
        case "currency": return set(&currency, value)
        case "price": return set(&price, value)
        case "offerDiscountType": return set(&offerDiscountType, value)
        case "appTransactionId": return set(&appTransactionId, value)
        case "offerPeriod": return set(&offerPeriod, value)
        case "revocationType": return set(&revocationType, value)
        case "revocationPercentage": return set(&revocationPercentage, value)
        case "billingPlanType": return set(&billingPlanType, value)
        // A nested object: never flat. `null` is the one value the reader can take for it.
        case "commitmentInfo": return value == .null
        default: return true
        }
    }

    /// Sets `field` from `value` when `read` takes it (or to nil for `null`); false otherwise.
    private func set<T>(_ field: inout T?, _ value: FlatJSON.Value, _ read: (FlatJSON.Value) -> T?) -> Bool {
        if value == .null {
            field = nil
            return true
        }
        guard let read = read(value) else { return false }
        field = read
        return true
    }

    private func set(_ field: inout String?, _ value: FlatJSON.Value) -> Bool {
        set(&field, value) { if case .string(let text) = $0 { text } else { nil } }
    }

    private func set(_ field: inout Int64?, _ value: FlatJSON.Value) -> Bool {
        set(&field, value) { if case .integer(let number) = $0 { number } else { nil } }
    }

    private func set(_ field: inout Int?, _ value: FlatJSON.Value) -> Bool {
        set(&field, value) { if case .integer(let number) = $0 { Int(exactly: number) } else { nil } }
    }

    private func set(_ field: inout Bool?, _ value: FlatJSON.Value) -> Bool {
        set(&field, value) { if case .bool(let flag) = $0 { flag } else { nil } }
    }
}
