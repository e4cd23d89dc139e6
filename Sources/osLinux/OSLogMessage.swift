/// Apple's `struct OSLogMessage`: a string literal with interpolations, each with Apple's
/// optional `format:`, `align:` and `privacy:` (`OSLogInterpolation`).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }
}

/// Apple's `struct SignpostMetadata`: a signpost's message, interpolated as `OSLogMessage` is.
public struct SignpostMetadata: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }
}
