/// Which tests of a target a scheme or test plan runs, as Xcode writes them (`StoreTests`,
/// `StoreTests/testRefund()`, `ModernTests/buys()`), and the `swift test --skip`/`--filter`
/// patterns that say the same to SwiftPM.
public struct XCTestSelection: Sendable, Equatable {
    /// The tests not to run.
    public var skipped: [String]
    /// When any, only these run.
    public var selected: [String]

    public init(skipped: [String] = [], selected: [String] = []) {
        self.skipped = skipped
        self.selected = selected
    }

    /// `--skip` patterns for the skipped tests of module `module`.
    public func skipPatterns(module: String) -> [String] {
        skipped.map { Self.pattern(for: $0, module: module) }
    }

    /// `--filter` patterns for the selected tests (empty when all run).
    public func filterPatterns(module: String) -> [String] {
        selected.map { Self.pattern(for: $0, module: module) }
    }

    /// The regular expression SwiftPM matches against both frameworks' test names for one
    /// Xcode identifier. XCTest names a test `Module.Class/testName` and Swift Testing
    /// `Module.Suite/name()/File.swift:4:6` (a suite is `Module.Suite`); Xcode writes
    /// `Class/testName()` and `Suite/name()`. So the identifier is anchored after the module,
    /// a trailing `()` is optional (XCTest's names have none), and the match ends at a `/` or
    /// the end, so `StoreTests` takes the class's tests and `testBuy` does not take `testBuyTwice`
    /// (tried on Swift 6.3 with both frameworks in one target).
    static func pattern(for identifier: String, module: String) -> String {
        var name = identifier
        var optionalParentheses = ""
        if name.hasSuffix("()") {
            name.removeLast(2)
            optionalParentheses = #"(\(\))?"#
        }
        return "^" + escape(module) + #"\."# + escape(name) + optionalParentheses + "(/|$)"
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if #"\^$.|?*+()[]{}"#.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
