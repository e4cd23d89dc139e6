/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`: a string,
/// an array, a dictionary or data, each with the byte offset it was read at so that a later
/// problem (a missing key, an object that does not exist) can be reported where it is.
public indirect enum PlistValue: Sendable, Equatable {
    case string(String, offset: Int)
    case array([PlistValue], offset: Int)
    /// Keys in file order; a key written twice keeps its last value, as Xcode reads it.
    case dictionary([String: PlistValue], keys: [String], offset: Int)
    case data([UInt8], offset: Int)

    /// Where the value starts in the file (0-based byte offset).
    public var offset: Int {
        switch self {
        case .string(_, let offset), .array(_, let offset), .dictionary(_, _, let offset),
            .data(_, let offset):
            offset
        }
    }

    /// The text of a string value.
    public var string: String? {
        if case .string(let text, _) = self { text } else { nil }
    }

    /// The elements of an array value.
    public var array: [PlistValue]? {
        if case .array(let elements, _) = self { elements } else { nil }
    }

    /// The entries of a dictionary value.
    public var dictionary: [String: PlistValue]? {
        if case .dictionary(let entries, _, _) = self { entries } else { nil }
    }

    /// The value under `key` when this is a dictionary.
    public subscript(key: String) -> PlistValue? { dictionary?[key] }

    /// The strings of an array value (its non-string elements left out).
    public var strings: [String] { array?.compactMap(\.string) ?? [] }
}
