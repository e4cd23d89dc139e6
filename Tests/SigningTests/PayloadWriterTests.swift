import Foundation
import StoreCore
import Testing

@testable import Signing

/// The hand-written transaction payload must be byte for byte what JSONEncoder writes.
@Suite struct PayloadWriterTests {
    @Test func transactionPayloadMatchesJSONEncoder() throws {
        let full = Fixtures.transaction()
        var sparse = full
        sparse.offer = nil
        sparse.appAccountToken = nil
        sparse.expirationDate = nil
        sparse.productID = "com.example.\"quoted\"/slash\\back\n\u{1}é日本"
        for transaction in [full, sparse] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = Array(try encoder.encode(TransactionPayload(transaction)))
            #expect(TransactionPayload(transaction).encodedBytes() == expected)
            #expect(try Transaction(payloadJSON: transaction.payloadJSON()) == transaction)
        }
    }
}
