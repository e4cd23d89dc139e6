import Foundation

/// One line of the file Kiosk's `XCTExpectFailure` bridge writes while the tests run (its
/// path in `KIOSK_XCTEST_EXPECTED_FAILURES`): a failure it matched, or a strict expectation
/// that no failure fulfilled. JSON Lines, one object a line.
public struct ExpectedFailureRecord: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case matched
        case unfulfilled
    }

    /// `Class.method`, as XCTest names the case.
    public var test: String
    public var kind: Kind
    /// The reason given to XCTExpectFailure.
    public var reason: String?
    /// For a matched failure: its `file:line: message`, as XCTest prints it.
    public var failure: String

    public init(test: String, kind: Kind, reason: String?, failure: String) {
        self.test = test
        self.kind = kind
        self.reason = reason
        self.failure = failure
    }

    /// The records in a JSON Lines file; lines that are not records are passed over (a test
    /// killed while writing leaves at most one such line).
    public static func read(path: String) -> [ExpectedFailureRecord] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONDecoder().decode(ExpectedFailureRecord.self, from: Data($0.utf8))
        }
    }
}
