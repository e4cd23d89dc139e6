import Foundation
import StoreCore
import Testing
import WireProtocol

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
            Wire.Transactions([plain, failing]),
            Wire.PurchaseOutcome(.pending(transactionID: 2_000_000_000_000_042)),
            Wire.PurchaseOutcome(.userCancelled),
        ]
        for value in values {
            #expect(WireCoding.encode(value) == (try reference(value)), "\(value)")
        }
    }
}

@Suite struct StoreSettingsCodingTests {
    /// Settings stored before a switch existed read back with that switch's default.
    @Test func settingsWrittenBeforeNewSwitchesDecodeWithDefaults() throws {
        let old = #"""
            {"storefront":"GBR","locale":"en_GB","timeRate":13,"askToBuyEnabled":true,
             "billingRetryOnRenewal":true,"billingGracePeriodEnabled":true,
             "interruptedPurchasesEnabled":false,"disableDialogs":false}
            """#
        let settings = try JSONDecoder().decode(StoreSettings.self, from: Data(old.utf8))
        #expect(settings.storefront == "GBR" && settings.timeRate == .monthlyRenewalEveryFiveMinutes)
        #expect(settings.billingGracePeriodDays == 16)
        #expect(!settings.includeFinishedConsumables)
        var changed = settings
        changed.billingGracePeriodDays = 28
        changed.includeFinishedConsumables = true
        let again = try JSONDecoder().decode(StoreSettings.self, from: JSONEncoder().encode(changed))
        #expect(again == changed)
    }
}
