import Foundation
import StoreCore
import Testing

@testable import Signing

@Suite struct PayloadTests {
    func object(_ json: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    }

    @Test func transactionRoundTrips() throws {
        for transaction in [Fixtures.transaction(), Fixtures.revokedTransaction()] {
            #expect(try Transaction(payloadJSON: transaction.payloadJSON()) == transaction)
        }
    }

    @Test func renewalInfoRoundTrips() throws {
        let info = Fixtures.renewalInfo()
        #expect(try RenewalInfo(payloadJSON: info.payloadJSON()) == info)
        for status in RenewalInfo.PriceIncreaseStatus.allCases {
            var changed = info
            changed.priceIncreaseStatus = status
            changed.eligibleWinBackOfferIDs = []
            changed.autoRenewPreference = nil
            #expect(try RenewalInfo(payloadJSON: changed.payloadJSON()) == changed)
        }
    }

    @Test func appTransactionRoundTrips() throws {
        let app = Fixtures.appTransaction()
        #expect(try AppTransaction(payloadJSON: app.payloadJSON()) == app)
    }

    @Test func notificationRoundTrips() throws {
        let notification = try Fixtures.notification(signer: TestAuthority().signer())
        #expect(try NotificationPayload(payloadJSON: notification.payloadJSON()) == notification)
    }

    @Test func transactionUsesApplesNamesAndTypes() throws {
        let json = try object(Fixtures.transaction().payloadJSON())
        #expect(json["transactionId"] as? String == "2000000123456790")
        #expect(json["originalTransactionId"] as? String == "2000000123456789")
        #expect(json["price"] as? Int == 9990)
        #expect(json["purchaseDate"] as? Int == 1_698_148_800_000)
        #expect(json["signedDate"] as? Int == 1_698_148_900_123)
        #expect(json["type"] as? String == "Auto-Renewable Subscription")
        #expect(json["offerType"] as? Int == 1)
        #expect(json["offerDiscountType"] as? String == "FREE_TRIAL")
        #expect(json["offerPeriod"] as? String == "P1W")
        #expect(json["appAccountToken"] as? String == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(json["environment"] as? String == "Sandbox")
        #expect(json["storefront"] as? String == "USA")
        #expect(json["storefrontId"] as? String == "143441")
        #expect(json["transactionReason"] as? String == "RENEWAL")
        #expect(json["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(json["isUpgraded"] == nil)
        for claim in ["aud", "exp", "nbf", "iat", "iss"] { #expect(json[claim] == nil) }
    }

    @Test func renewalInfoUsesIntegersWhereAppleDoes() throws {
        let json = try object(Fixtures.renewalInfo().payloadJSON())
        #expect(json["autoRenewStatus"] as? Int == 1)
        #expect(json["expirationIntent"] as? Int == 2)
        #expect(json["priceIncreaseStatus"] as? Int == 0)
        #expect(json["renewalPrice"] as? Int == 4990)
        #expect(json["isInBillingRetryPeriod"] as? Bool == true)
        #expect(json["eligibleWinBackOfferIds"] as? [String] == ["winback.1", "winback.2"])
    }

    @Test func notificationNestsSignedInfoAsStrings() throws {
        let json = try object(Fixtures.notification(signer: TestAuthority().signer()).payloadJSON())
        #expect(json["notificationUUID"] as? String == "ce3af791-365e-4c60-841b-1674b43c1609")
        #expect(json["version"] as? String == "2.0")
        let data = try #require(json["data"] as? [String: Any])
        #expect(data["appAppleId"] as? Int == 1_234_567_890)
        #expect(data["status"] as? Int == 1)
        #expect((data["signedTransactionInfo"] as? String)?.split(separator: ".").count == 3)
    }

    @Test func namesTheMissingOrWrongField() throws {
        #expect(
            throws: SigningError.undecodablePayload(
                type: "JWSTransactionDecodedPayload", reason: "\"productId\" is missing")
        ) {
            var json = try object(Fixtures.transaction().payloadJSON())
            json["productId"] = nil
            _ = try Transaction(payloadJSON: Array(JSONSerialization.data(withJSONObject: json)))
        }
        #expect(throws: SigningError.self) {
            var json = try object(Fixtures.transaction().payloadJSON())
            json["price"] = "9990"
            _ = try Transaction(payloadJSON: Array(JSONSerialization.data(withJSONObject: json)))
        }
    }

    @Test func typedVerificationReturnsThePayloadEitherWay() throws {
        let authority = try TestAuthority()
        let jws = try authority.signer().sign(Fixtures.renewalInfo())
        let verified = try authority.verifier().verify(jws, as: RenewalInfo.self)
        #expect(try verified.payloadValue == Fixtures.renewalInfo())
        let tampered = JWSCraft.flippingSignatureBit(jws)
        let unverified = try authority.verifier().verify(tampered, as: RenewalInfo.self)
        #expect(unverified.unsafePayloadValue == Fixtures.renewalInfo())
        #expect(throws: VerificationError.self) { try unverified.payloadValue }
        let app = try authority.signer().sign(Fixtures.appTransaction())
        #expect(try authority.verifier().verify(app, as: AppTransaction.self).isVerified)
    }
}
