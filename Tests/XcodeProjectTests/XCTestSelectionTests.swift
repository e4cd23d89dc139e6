import Foundation
import Testing

@testable import XcodeProject

@Suite struct XCTestSelectionTests {
    /// The names SwiftPM matches the patterns against: XCTest's and Swift Testing's (as Swift
    /// 6.3 names them: a function's ID ends with its source location).
    static let names = [
        "ShopTests.StoreTests/testBuy", "ShopTests.StoreTests/testBuyTwice", "ShopTests.OtherTests/testBuy",
        "ShopTests.EntitlementTests", "ShopTests.EntitlementTests/owned()/EntitlementTests.swift:20:6",
        "ShopTests.EntitlementTests/ownedTwice()/EntitlementTests.swift:26:6",
        "ShopTests.EntitlementTests/priced(value:)/EntitlementTests.swift:30:6",
    ]

    private func matched(_ pattern: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return Self.names.filter {
            regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
        }
    }

    @Test func anXCTestMethodMatchesItselfOnly() throws {
        let pattern = XCTestSelection.pattern(for: "StoreTests/testBuy()", module: "ShopTests")
        #expect(pattern == #"^ShopTests\.StoreTests/testBuy(\(\))?(/|$)"#)
        #expect(try matched(pattern) == ["ShopTests.StoreTests/testBuy"])
    }

    @Test func aClassOrSuiteMatchesItsTests() throws {
        #expect(
            try matched(XCTestSelection.pattern(for: "StoreTests", module: "ShopTests")) == [
                "ShopTests.StoreTests/testBuy", "ShopTests.StoreTests/testBuyTwice",
            ])
        #expect(try matched(XCTestSelection.pattern(for: "EntitlementTests", module: "ShopTests")).count == 4)
    }

    @Test func aSwiftTestingFunctionMatchesItsIDWithTheSourceLocation() throws {
        #expect(
            try matched(XCTestSelection.pattern(for: "EntitlementTests/owned()", module: "ShopTests")) == [
                "ShopTests.EntitlementTests/owned()/EntitlementTests.swift:20:6"
            ])
        #expect(
            try matched(XCTestSelection.pattern(for: "EntitlementTests/priced(value:)", module: "ShopTests"))
                == [
                    "ShopTests.EntitlementTests/priced(value:)/EntitlementTests.swift:30:6"
                ])
    }

    @Test func skipsAndSelectionsBecomePatterns() {
        let selection = XCTestSelection(skipped: ["A/b()"], selected: ["C"])
        #expect(selection.skipPatterns(module: "M") == [#"^M\.A/b(\(\))?(/|$)"#])
        #expect(selection.filterPatterns(module: "M") == [#"^M\.C(/|$)"#])
        #expect(XCTestSelection().skipPatterns(module: "M").isEmpty)
    }
}
