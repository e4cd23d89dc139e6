import Foundation
import StoreCore
import Testing

@testable import Signing

/// The flat reader reads a transaction's payload exactly as `JSONDecoder` does, or gives up
/// and leaves it to `JSONDecoder`: never a different result, never a document accepted that
/// `JSONDecoder` refuses.
@Suite struct FlatJSONTests {
    /// JSONDecoder's reading, or nil when it refuses the document.
    private static func decoded(_ json: String) -> TransactionPayload? {
        try? JSONDecoder().decode(TransactionPayload.self, from: Data(json.utf8))
    }

    private static func flat(_ json: String) -> TransactionPayload? {
        FlatJSON.members(of: Array(json.utf8)).flatMap(TransactionPayload.init(flatJSON:))
    }

    @Test func kiosksOwnPayloadsReadTheSameWithoutJSONDecoder() throws {
        var revoked = Fixtures.transaction()
        revoked.revocationDate = Date(timeIntervalSince1970: 1_800_000_000.123)
        for transaction in Fixtures.fullAndSparseTransactions() + [revoked] {
            let json = String(decoding: TransactionPayload(transaction).encodedBytes(), as: UTF8.self)
            let members = FlatJSON.members(of: Array(json.utf8))
            // The sparse product ID holds escapes: JSONDecoder reads that one.
            if json.contains("\\") {
                #expect(members == nil)
            } else {
                let flat = try #require(Self.flat(json), "a payload Kiosk writes reads flat")
                #expect(flat == Self.decoded(json))
            }
            #expect(try Transaction(payloadJSON: Array(json.utf8)) == transaction)
        }
    }

    @Test(arguments: [
        // Read flat, and the same as JSONDecoder:
        #"{}"#,
        #" { "productId" : "a" , "quantity" : 2 } "#,
        #"{"productId":null,"quantity":null,"isUpgraded":false,"commitmentInfo":null}"#,
        #"{"unknown":"x","other":-0,"purchaseDate":-9223372036854775808,"signedDate":9223372036854775807}"#,
        #"{"productId":"日本 é ✓"}"#,
        // Given up on (JSONDecoder decides):
        #"{"productId":"a\"b"}"#,
        #"{"productId":"a\u0041"}"#,
        #"{"quantity":1.0}"#,
        #"{"quantity":1e2}"#,
        #"{"quantity":01}"#,
        #"{"purchaseDate":9223372036854775808}"#,
        #"{"productId":1}"#,
        #"{"quantity":"1"}"#,
        #"{"isUpgraded":1}"#,
        #"{"productId":"a","productId":"b"}"#,
        #"{"unknown":{"nested":1}}"#,
        #"{"unknown":[1,2]}"#,
        #"{"commitmentInfo":{"billingPeriodNumber":1}}"#,
        #"{"productId":"a"} x"#,
        #"{"productId":"a",}"#,
        #"{"productId" "a"}"#,
        #"["productId"]"#,
        #"{"productId":tru}"#,
        "{\"productId\":\"tab\there\"}",
    ])
    func aFlatReadingIsJSONDecodersOrNone(json: String) {
        if let flat = Self.flat(json) {
            #expect(flat == Self.decoded(json), "read flat differently than JSONDecoder: \(json)")
        }
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        let bytes: [UInt8] = Array(#"{"productId":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(FlatJSON.members(of: bytes) == nil)
    }

    @Test func theDocumentsThatMustReadFlatDo() {
        #expect(Self.flat(#"{}"#) != nil)
        #expect(Self.flat(#"{"productId":"a","quantity":2,"isUpgraded":true}"#)?.quantity == 2)
        #expect(Self.flat(#"{"purchaseDate":-9223372036854775808}"#)?.purchaseDate == Int64.min)
        #expect(Self.flat(#"{"productId":"a\"b"}"#) == nil)
        #expect(Self.flat(#"{"productId":1}"#) == nil)
    }
}
