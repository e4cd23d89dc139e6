import Foundation
import StoreCore
import Testing

/// The hand-written wire JSON matches JSONEncoder's byte for byte.
@Suite struct WireCodingTests {
    private func reference(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return Array(try encoder.encode(value))
    }

    @Test func signedValuesMatchJSONEncoder() throws {
        let plain = WireSigned(jws: "eyJhbGciOiJFUzI1NiJ9.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2ln-_")
        let failing = WireSigned(
            jws: "a.b.c", simulatedFailure: "invalidSignature",
            simulatedFailureReason: "quote \" backslash \\ slash / tab \t newline \n nul \u{0} é 🧾")
        for signed in [plain, failing] {
            #expect(WireCoding.encode(signed) == (try reference(signed)))
        }
        let values: [any Encodable] = [
            Wire.OptionalTransaction(plain), Wire.OptionalTransaction(nil), Wire.Transactions([]),
            Wire.Transactions([plain, failing]), Wire.PurchaseOutcome(.pending),
            Wire.PurchaseOutcome(.userCancelled),
        ]
        for value in values {
            #expect(WireCoding.encode(value) == (try reference(value)), "\(value)")
        }
    }
}
