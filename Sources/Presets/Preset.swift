import Foundation
import StoreCore

/// A named starting state a tester asks for every day ("in billing retry", "Ask to Buy
/// pending"): a name, one line saying what it is, and the steps that build it with the store's
/// own vocabulary (`StoreOperation`, `StoreRequest`). The steps name products by role
/// (`PresetProduct`), so one preset works on the bundled demo catalog and on the user's own.
public struct Preset: Sendable, Hashable, Identifiable {
    /// The word a tester types: `kiosk --preset billing-retry`.
    public var name: String
    /// One line for `kiosk preset list` and the paywall's account menu.
    public var summary: String
    public var steps: [PresetStep]

    public var id: String { name }

    public init(_ name: String, _ summary: String, steps: [PresetStep]) {
        self.name = name
        self.summary = summary
        self.steps = steps
    }
}

/// One step of a preset. Each becomes one store call when the preset is applied; the values a
/// step cannot know in advance (which product, which transaction) are read from the store then.
public enum PresetStep: Sendable, Hashable {
    /// A store-wide switch (`StoreOperation.apply`).
    case set(StoreSetting)
    /// Adds an account, or puts an existing one in a family (`StoreOperation.addAccount`). The
    /// name `PresetStep.subject` stands for the account the preset is applied for.
    case account(name: AccountName, familyID: String?)
    /// Acts for another account from here on (`subject`: the account the preset is for).
    case signIn(AccountName)
    /// Buys the product as the app would, confirming the sheet (`StoreRequest.purchase`). A
    /// purchase that ends pending (Ask to Buy) stays pending. After every step the runner
    /// finishes what was delivered, as a running app does (`StoreRequest.finish`).
    case buy(PresetProduct)
    /// Moves the clock forward (`StoreOperation.advanceClock`).
    case advance(seconds: TimeInterval)
    /// Moves the clock to `offset` seconds from the expiration of the product's latest
    /// transaction (negative: before it), never backwards.
    case advanceToExpiration(PresetProduct, offset: TimeInterval)
    /// Moves the clock to the middle of the product's current period.
    case advanceToMidPeriod(PresetProduct)
    /// Turns auto-renew off for the product's subscription (`StoreOperation.setAutoRenew`).
    case cancelAutoRenew(PresetProduct)
    /// Refunds the product's latest transaction now (`StoreOperation.refund`).
    case refundLatest(PresetProduct)
    /// Asks the customer to consent to a price increase on the product's subscription.
    case requestPriceIncrease(PresetProduct)

    /// The account the preset is applied for, in steps that name accounts.
    public static let subject: AccountName = "@subject"

    /// A day of store time.
    public static let day: TimeInterval = 86_400
}

/// A product a preset needs, by the part it plays, found in whatever catalog the store has.
public enum PresetProduct: Sendable, Hashable, CaseIterable {
    /// An auto-renewable subscription with a free trial (a monthly one when there is one).
    case trialPlan
    /// A monthly auto-renewable subscription, preferably one without an introductory offer.
    case monthlyPlan
    /// A subscription with a win-back offer the customer is eligible for.
    case winBackPlan
    /// A family-shareable subscription.
    case familyPlan
    /// The lowest-tier subscription of a group that has a higher tier.
    case lowerTierPlan
    /// The highest tier of `lowerTierPlan`'s group.
    case higherTierPlan
    /// A non-consumable.
    case nonConsumable

    /// What the catalog must have, for the error when it has none.
    public var requirement: String {
        switch self {
        case .trialPlan: "an auto-renewable subscription with a free-trial introductory offer"
        case .monthlyPlan: "a monthly (P1M) auto-renewable subscription"
        case .winBackPlan: "an auto-renewable subscription with an eligible win-back offer"
        case .familyPlan: "a family-shareable auto-renewable subscription"
        case .lowerTierPlan, .higherTierPlan: "a subscription group with at least two levels"
        case .nonConsumable: "a non-consumable product"
        }
    }
}
