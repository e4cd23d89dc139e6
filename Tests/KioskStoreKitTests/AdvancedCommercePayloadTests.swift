import Foundation
import KioskStoreKit
import Testing

/// A signed payload that carries the App Store Server API's Advanced Commerce fields is read into
/// StoreKit's `advancedCommerceInfo` types (milliunits to amounts, milliseconds to dates, ISO 8601
/// periods); one without them gives nil; a malformed one says which field is wrong.
@Suite struct AdvancedCommercePayloadTests {
    static let transactionPayload = """
        {"transactionId": "2000000123", "productId": "com.example.generic",
         "advancedCommerceTransactionInfo": {
           "descriptors": {"description": "Two magazines", "displayName": "Reading bundle"},
           "estimatedTax": 825, "taxExclusivePrice": 9990, "taxRate": "0.0825",
           "taxCode": "C003-00-2", "requestReferenceId": "7C2F0E5A-1111-4B2B-9C39-6D5E0A1B2C3D",
           "period": "P1M",
           "items": [{
             "SKU": "magazine.weekly", "description": "The weekly", "displayName": "Weekly",
             "price": 4990,
             "offer": {"period": "P1W", "periodCount": 2, "price": 990, "reason": "WIN_BACK"},
             "refunds": [{"refundAmount": 2500, "refundDate": 1767225600000,
                          "refundReason": "UNSATISFIED_WITH_PURCHASE", "refundType": "PRORATED"}],
             "revocationDate": 1767225600000
           }, {
             "SKU": "magazine.monthly", "description": "The monthly", "displayName": "Monthly",
             "price": 5000
           }]
         }}
        """

    static let renewalPayload = """
        {"originalTransactionId": "2000000123",
         "advancedCommerceRenewalInfo": {
           "consistencyToken": "token-42", "requestReferenceId": "ref-9", "taxCode": "C003-00-2",
           "period": "P1Y",
           "descriptors": {"description": "Two magazines", "displayName": "Reading bundle"},
           "items": [{
             "SKU": "magazine.weekly", "description": "The weekly", "displayName": "Weekly",
             "price": 49990,
             "priceIncreaseInfo": {"dependentSKUs": ["magazine.archive"], "price": 59990,
                                   "status": "PENDING"}
           }]
         }}
        """

    @Test func aTransactionsAdvancedCommerceFieldsAreRead() throws {
        let info = try #require(
            try AdvancedCommercePayload.transactionInfo(readingPayload: Data(Self.transactionPayload.utf8)))
        #expect(info.displayName == "Reading bundle")
        #expect(info.description == "Two magazines")
        #expect(info.estimatedTax == Decimal(string: "0.825"))
        #expect(info.taxExclusivePrice == Decimal(string: "9.99"))
        #expect(info.taxRate == Decimal(string: "0.0825"))
        #expect(info.taxCode == "C003-00-2")
        #expect(info.requestReferenceID == "7C2F0E5A-1111-4B2B-9C39-6D5E0A1B2C3D")
        #expect(info.period == .monthly)
        #expect(info.items.map(\.details.sku) == ["magazine.weekly", "magazine.monthly"])

        let weekly = info.items[0]
        #expect(weekly.details.price == Decimal(string: "4.99"))
        #expect(weekly.details.displayName == "Weekly")
        #expect(weekly.details.description == "The weekly")
        let offer = try #require(weekly.details.offer)
        #expect(offer.period == .weekly)
        #expect(offer.periodCount == 2)
        #expect(offer.price == Decimal(string: "0.99"))
        #expect(offer.reason == .winBack)
        let refund = try #require(weekly.refunds?.first)
        #expect(refund.amount == Decimal(string: "2.5"))
        #expect(refund.date == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(refund.reason == .unsatisfied)
        #expect(refund.type == .proRated)
        #expect(weekly.revocationDate == Date(timeIntervalSince1970: 1_767_225_600))

        let monthly = info.items[1]
        #expect(monthly.details.offer == nil)
        #expect(monthly.refunds == nil)
        #expect(monthly.revocationDate == nil)
    }

    @Test func aRenewalsAdvancedCommerceFieldsAreRead() throws {
        let info = try #require(
            try AdvancedCommercePayload.renewalInfo(readingPayload: Data(Self.renewalPayload.utf8)))
        #expect(info.consistencyToken == "token-42")
        #expect(info.requestReferenceID == "ref-9")
        #expect(info.displayName == "Reading bundle")
        #expect(info.description == "Two magazines")
        #expect(info.period == .yearly)
        #expect(info.taxCode == "C003-00-2")
        let item = try #require(info.items.first)
        #expect(item.details.sku == "magazine.weekly")
        #expect(item.details.price == Decimal(string: "49.99"))
        let increase = try #require(item.priceIncreaseInfo)
        #expect(increase.dependentSKUs == ["magazine.archive"])
        #expect(increase.price == Decimal(string: "59.99"))
        #expect(increase.status == .pending)
    }

    @Test func aPayloadWithoutTheFieldsHasNone() throws {
        let ordinary = Data(#"{"transactionId": "1", "productId": "com.kiosk.lumen.pro.monthly"}"#.utf8)
        #expect(try AdvancedCommercePayload.transactionInfo(readingPayload: ordinary) == nil)
        #expect(try AdvancedCommercePayload.renewalInfo(readingPayload: ordinary) == nil)
    }

    @Test func aMalformedFieldIsNamed() throws {
        let badPeriod = Self.transactionPayload.replacingOccurrences(of: #""P1W""#, with: #""weekly""#)
        let error = try #require(
            throws: AdvancedCommercePayload.Unreadable.self,
            performing: { try AdvancedCommercePayload.transactionInfo(readingPayload: Data(badPeriod.utf8)) })
        let message = try #require(error.errorDescription)
        #expect(message.contains("advancedCommerceTransactionInfo.items[0].offer.period"))
        #expect(message.contains("\"weekly\" is not an ISO 8601 period"))

        let noToken = Self.renewalPayload.replacingOccurrences(
            of: #""consistencyToken": "token-42","#, with: "")
        let missing = try #require(
            throws: AdvancedCommercePayload.Unreadable.self,
            performing: { try AdvancedCommercePayload.renewalInfo(readingPayload: Data(noToken.utf8)) })
        let missingMessage = try #require(missing.errorDescription)
        #expect(missingMessage.contains("advancedCommerceRenewalInfo.consistencyToken is missing"))
    }
}
