import Catalog
import Foundation
import SourceDiagnostics

/// Small inline catalogs for diagnostic tests: a valid base that each test breaks in one place.
enum Fixtures {
    /// A valid 4.0 catalog with one consumable and one subscription with an introductory offer.
    static let base = """
        {
          "products" : [
            {
              "displayPrice" : "0.99",
              "familyShareable" : false,
              "localizations" : [ { "description" : "A coin", "displayName" : "Coin", "locale" : "en_US" } ],
              "productID" : "coin",
              "referenceName" : "Coin",
              "type" : "Consumable"
            }
          ],
          "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
          "subscriptionGroups" : [
            {
              "id" : "G1",
              "localizations" : [ ],
              "name" : "Pro",
              "subscriptions" : [
                {
                  "adHocOffers" : [ ],
                  "displayPrice" : "9.99",
                  "familyShareable" : false,
                  "groupNumber" : 1,
                  "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
                  "localizations" : [ { "description" : "All of it", "displayName" : "Pro", "locale" : "en_US" } ],
                  "productID" : "pro.monthly",
                  "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Pro Monthly",
                  "subscriptionGroupID" : "G1",
                  "type" : "RecurringSubscription"
                }
              ]
            }
          ],
          "version" : { "major" : 4, "minor" : 0 }
        }
        """

    /// `base` with the first occurrence of `old` replaced by `new` (which must exist).
    static func base(replacing old: String, with new: String) -> String {
        guard let range = base.range(of: old) else { fatalError("fixture has no \(old)") }
        return base.replacingCharacters(in: range, with: new)
    }

    static func diagnose(_ text: String, file: String = "test.storekit") -> [Diagnostic] {
        StoreKitConfiguration.decode(Array(text.utf8), file: file).diagnostics
    }

    static func decode(_ text: String) -> StoreKitConfiguration? {
        StoreKitConfiguration.decode(Array(text.utf8), file: "test.storekit").value
    }

    /// Line and column (in characters) of the `occurrence`th `needle`, worked out with String
    /// operations, independently of the module's LineTable.
    static func position(of needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int)
    {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            found = text.range(of: needle, range: searchStart..<text.endIndex)
            searchStart = found!.upperBound
        }
        let before = text[..<found!.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text.unicodeScalars[lineStart..<found!.lowerBound].count + 1)
    }
}
