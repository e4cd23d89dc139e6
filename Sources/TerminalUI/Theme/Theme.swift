/// A theme: a style for every ``ThemeRole``, decoded from a JSON file (see ``ThemeLinter`` for
/// the format and ``load(path:)``).
///
/// ```swift
/// let theme = try Theme.load(path: "themes/sunset.json").resolved(for: terminal.colorCapability)
/// Button("Subscribe", isFocused: true, style: theme[.cta], focusedStyle: theme[.focus])
/// ```
public struct Theme: Hashable, Sendable {
    public var name: String
    public var styles: [ThemeRole: Style]

    public init(name: String, styles: [ThemeRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style of `role`; plain when the theme lacks it (a loaded theme never does).
    public subscript(role: ThemeRole) -> Style {
        get { styles[role] ?? .plain }
        set { styles[role] = newValue }
    }

    /// Attributes only: every role's ``ThemeRole/monochromeStyle``.
    public static let monochrome = Theme(
        name: "monochrome",
        styles: Dictionary(uniqueKeysWithValues: ThemeRole.allCases.map { ($0, $0.monochromeStyle) }))

    /// The theme as a terminal of `capability` can show it: colours folded to 256, 16 or 8, or
    /// for `.none` the monochrome styles, because dropping colours from a coloured theme would
    /// leave buttons and selections indistinguishable from text.
    public func resolved(for capability: ColorCapability) -> Theme {
        if capability == .none { return Theme(name: name, styles: Theme.monochrome.styles) }
        return Theme(name: name, styles: styles.mapValues { $0.downgraded(to: capability) })
    }
}
