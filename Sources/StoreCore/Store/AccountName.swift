/// The name of a sandbox tester account: what `kiosk store accounts` lists, what a request
/// acts for, and the key of every account's history in the ledger.
///
/// A type of its own so an account can't be passed where a product ID, a storefront or a
/// family ID is expected (they are all strings on the wire). It is written as its bare name
/// everywhere: in JSON, in the ledger, in the journal and in messages, so the type changes
/// no byte anybody reads.
public struct AccountName: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static func < (lhs: AccountName, rhs: AccountName) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension AccountName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.rawValue = value }
}

/// A name built from text and numbers (`"tester\(index)"`) is a name too.
extension AccountName: ExpressibleByStringInterpolation {
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.rawValue = String(stringInterpolation: stringInterpolation)
    }
}

extension AccountName: CustomStringConvertible {
    public var description: String { rawValue }
}

extension AccountName: Codable {
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A dictionary keyed by account encodes as a JSON object, as one keyed by `String` does.
extension AccountName: CodingKeyRepresentable {
    public var codingKey: any CodingKey { rawValue.codingKey }

    public init?<T: CodingKey>(codingKey: T) { self.rawValue = codingKey.stringValue }
}
