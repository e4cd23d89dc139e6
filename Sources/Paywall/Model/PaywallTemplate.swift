/// The paywall's layouts, chosen by `template` in the paywall copy and stepped through with a
/// key. Every template shows the same store data and the same App Review disclosures; they differ
/// in how the plans are laid out.
public enum PaywallTemplate: String, Sendable, Hashable, CaseIterable {
    /// A header, the plans as SubscriptionStoreView's control style draws them, the call to action.
    case list
    /// The plans side by side as cards, the selected one emphasised, one large call to action.
    case cards
    /// A centred title, the features with their symbols, one plan with a free-trial toggle.
    case hero
    /// A feature × tier table for groups with several levels, each tier's plans under it.
    case comparison

    /// Whether the template draws the plans with the control style (`s`); the others have their
    /// own single way of showing plans, as RevenueCat's templates do.
    public var usesControlStyle: Bool { self == .list }

    /// The widest the template's content grows; wider terminals centre it with margins.
    var maximumWidth: Int {
        switch self {
        case .list, .hero: 76
        case .cards, .comparison: 118
        }
    }
}
