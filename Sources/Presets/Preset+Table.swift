import Foundation
import StoreCore

/// The bundled presets: the starting states testers ask for every day, in the order
/// `kiosk preset list` shows them. To add one, append a `Preset` here with a test in
/// `PresetTests` that checks the state its name promises (docs/presets.md).
extension Preset {
    public static let all: [Preset] = [
        Preset("new-user", "A new customer, never subscribed, eligible for the free trial.", steps: []),
        Preset(
            "trial-ending-tomorrow", "In a free trial that ends (and turns paid) in one day.",
            steps: [.buy(.trialPlan), .advanceToExpiration(.trialPlan, offset: -PresetStep.day)]),
        Preset(
            "active-monthly", "A paying monthly subscriber, renewed once, mid-period, auto-renew on.",
            steps: [
                .buy(.monthlyPlan), .advanceToExpiration(.monthlyPlan, offset: 60),
                .advanceToMidPeriod(.monthlyPlan),
            ]),
        Preset(
            "billing-retry", "The renewal failed: in billing retry, no access, no grace period.",
            steps: [
                .buy(.monthlyPlan), .set(.billingRetryOnRenewal(true)),
                .advanceToExpiration(.monthlyPlan, offset: 3_600),
            ]),
        Preset(
            "grace-period", "The renewal failed: in the billing grace period, access kept.",
            steps: [
                .buy(.monthlyPlan), .set(.billingRetryOnRenewal(true)), .set(.billingGracePeriod(true)),
                .advanceToExpiration(.monthlyPlan, offset: 3_600),
            ]),
        Preset(
            "expired-winback", "Cancelled and expired a week ago; eligible for a win-back offer.",
            steps: [
                .buy(.winBackPlan), .cancelAutoRenew(.winBackPlan),
                .advanceToExpiration(.winBackPlan, offset: 7 * PresetStep.day),
            ]),
        Preset(
            "family-member", "A family member using a subscription the family organizer bought.",
            steps: [
                .account(name: familyOrganizer, familyID: familyID),
                .account(name: PresetStep.subject, familyID: familyID),
                .signIn(familyOrganizer), .buy(.familyPlan), .signIn(PresetStep.subject),
            ]),
        Preset(
            "ask-to-buy-pending", "A child's purchase waits for a parent's approval (Ask to Buy).",
            steps: [.set(.askToBuy(true)), .buy(.monthlyPlan)]),
        Preset(
            "refunded", "The subscription was refunded: revoked, no access.",
            steps: [.buy(.monthlyPlan), .advance(seconds: 2 * PresetStep.day), .refundLatest(.monthlyPlan)]),
        Preset(
            "price-increase", "A price increase awaits the subscriber's consent.",
            steps: [
                .buy(.monthlyPlan), .advance(seconds: PresetStep.day), .requestPriceIncrease(.monthlyPlan),
            ]),
        Preset(
            "upgraded", "Upgraded to a higher tier in the middle of a paid period.",
            steps: [.buy(.lowerTierPlan), .advanceToMidPeriod(.lowerTierPlan), .buy(.higherTierPlan)]),
        Preset(
            "lifetime-owner", "Owns a non-consumable (a lifetime unlock), no subscription.",
            steps: [.buy(.nonConsumable)]),
    ]

    /// The account that buys for the family in `family-member`.
    public static let familyOrganizer: AccountName = "family-organizer"
    /// The family `family-member` puts both accounts in.
    public static let familyID = "preset-family"

    /// The preset with this name.
    /// - Throws: `PresetError.unknown`, listing the known names and the closest one.
    public static func named(_ name: String) throws(PresetError) -> Preset {
        guard let preset = all.first(where: { $0.name == name }) else {
            throw PresetError.unknown(name: name, known: all.map(\.name))
        }
        return preset
    }
}

extension Preset {
    /// Every preset, name and summary, one a line (`kiosk preset list`, `kiosk --help`).
    public static func table(indent: String) -> String {
        let width = (all.map(\.name.count).max() ?? 0) + 2
        return all.map { indent + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}
