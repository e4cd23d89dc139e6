import Foundation
import StoreCore
import Testing

@testable import Signing

/// The hand-written transaction payload must be byte for byte what JSONEncoder writes.
@Suite struct PayloadWriterTests {
    @Test func transactionPayloadMatchesJSONEncoder() throws {
        for transaction in Fixtures.fullAndSparseTransactions() {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = Array(try encoder.encode(TransactionPayload(transaction)))
            #expect(TransactionPayload(transaction).encodedBytes() == expected)
            #expect(try Transaction(payloadJSON: transaction.payloadJSON()) == transaction)
        }
    }
}
