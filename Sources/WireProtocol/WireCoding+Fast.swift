import StoreCore

extension WireCoding {
    /// The bytes `encode` would write for the wire values every read of a transaction returns,
    /// written without `JSONEncoder`, or nil for anything else. Under load JSONEncoder's
    /// character-by-character escaping of a 3 KiB JWS was a fifth of the server's cycles
    /// (perf, kiosk-bench serve). Byte-identical to `encode` (WireCodingTests).
    static func fastEncode(_ value: some Encodable) -> [UInt8]? {
        switch value {
        case let signed as WireSigned: return fast(signed)
        case let optional as Wire.OptionalTransaction:
            var object = JSONObjectWriter()
            if let transaction = optional.transaction {
                guard let json = fast(transaction) else { return nil }
                object.add("transaction", json: json)
            }
            return object.bytes()
        case let list as Wire.Transactions:
            var array: [UInt8] = [UInt8(ascii: "[")]
            for (index, transaction) in list.transactions.enumerated() {
                guard let json = fast(transaction) else { return nil }
                if index > 0 { array.append(UInt8(ascii: ",")) }
                array += json
            }
            array.append(UInt8(ascii: "]"))
            var object = JSONObjectWriter()
            object.add("transactions", json: array)
            return object.bytes()
        case let outcome as Wire.PurchaseOutcome:
            var object = JSONObjectWriter()
            // Keys in JSONEncoder's sorted order.
            if let id = outcome.pendingTransactionID {
                guard let exact = Int64(exactly: id) else { return nil }
                object.add("pendingTransactionID", exact)
            }
            object.add("result", outcome.result)
            if let transaction = outcome.transaction {
                guard let json = fast(transaction) else { return nil }
                object.add("transaction", json: json)
            }
            return object.bytes()
        default: return nil
        }
    }

    /// A signed value without an unsigned transaction (those take the general path).
    private static func fast(_ signed: WireSigned) -> [UInt8]? {
        guard signed.unsigned == nil else { return nil }
        var object = JSONObjectWriter()
        object.add("jws", signed.jws)
        object.add("simulatedFailure", signed.simulatedFailure)
        object.add("simulatedFailureReason", signed.simulatedFailureReason)
        return object.bytes()
    }
}
