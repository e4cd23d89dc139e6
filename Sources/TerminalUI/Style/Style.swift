/// Visual attributes of a cell: colours plus modifiers. A plain value, so themes are data and
/// equal styles compare cheaply in the diff.
public struct Style: Hashable, Sendable {
    /// Text attributes that combine freely.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Modifiers(rawValue: 1 << 0)
        public static let dim = Modifiers(rawValue: 1 << 1)
        public static let underline = Modifiers(rawValue: 1 << 2)
        public static let reverse = Modifiers(rawValue: 1 << 3)
        public static let italic = Modifiers(rawValue: 1 << 4)
    }

    public var foreground: Color
    public var background: Color
    public var modifiers: Modifiers

    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false, italic: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        var modifiers = Modifiers()
        if bold { modifiers.insert(.bold) }
        if dim { modifiers.insert(.dim) }
        if underline { modifiers.insert(.underline) }
        if reverse { modifiers.insert(.reverse) }
        if italic { modifiers.insert(.italic) }
        self.modifiers = modifiers
    }

    /// The terminal's default colours with no attributes.
    public static let plain = Style()

    public var bold: Bool {
        get { modifiers.contains(.bold) }
        set { set(.bold, newValue) }
    }
    public var dim: Bool {
        get { modifiers.contains(.dim) }
        set { set(.dim, newValue) }
    }
    public var underline: Bool {
        get { modifiers.contains(.underline) }
        set { set(.underline, newValue) }
    }
    public var reverse: Bool {
        get { modifiers.contains(.reverse) }
        set { set(.reverse, newValue) }
    }
    public var italic: Bool {
        get { modifiers.contains(.italic) }
        set { set(.italic, newValue) }
    }

    /// This style with `other` laid on top: `other`'s non-default colours win, modifiers add up.
    public func patched(with other: Style) -> Style {
        var result = self
        if other.foreground != .default { result.foreground = other.foreground }
        if other.background != .default { result.background = other.background }
        result.modifiers.formUnion(other.modifiers)
        return result
    }

    /// The style with its colours made displayable on a terminal of `capability`.
    public func downgraded(to capability: ColorCapability) -> Style {
        var result = self
        result.foreground = foreground.downgraded(to: capability)
        result.background = background.downgraded(to: capability)
        return result
    }

    private mutating func set(_ modifier: Modifiers, _ on: Bool) {
        if on { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
    }
}
