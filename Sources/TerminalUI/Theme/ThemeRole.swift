/// The semantic roles a theme gives a style to. Widgets and screens ask for roles, never for raw
/// colours, so a theme file can restyle the whole paywall.
public enum ThemeRole: String, Hashable, Sendable, CaseIterable {
    case surface, text, muted, accent, cta, ctaText, focus, success, warning, error, border, badge
    case bannerPending = "banner.pending"
    case bannerWarning = "banner.warning"
    case bannerError = "banner.error"
    case bannerInfo = "banner.info"
    case selection, statusBar

    /// The style for this role when the terminal shows no colour (no colour support, or
    /// `NO_COLOR`): attributes only, chosen so that call-to-action, focus and selection stay
    /// distinguishable from each other and from plain text, and banners read as blocks.
    public var monochromeStyle: Style {
        switch self {
        case .surface, .text, .border: .plain
        case .muted: Style(dim: true)
        case .accent, .ctaText, .success, .warning: Style(bold: true)
        case .cta, .error: Style(bold: true, underline: true)
        case .focus, .bannerWarning: Style(bold: true, reverse: true)
        case .selection, .badge, .bannerPending, .bannerInfo, .statusBar: Style(reverse: true)
        case .bannerError: Style(bold: true, underline: true, reverse: true)
        }
    }
}
