import Foundation
import StoreCore
import TerminalUI

/// The App Review checks (Guideline 3.1.2; Paid Applications Agreement, Schedule 2 section
/// 3.8(b)) on rendered paywalls: `kiosk lint --review` runs them over every template, locale
/// and customer state, and a gallery can show the findings beside the pictures they concern.
public enum PaywallReview {
    /// Checks one screen: `state` rendered at its size. Only the subscriptions tab with no
    /// overlay is judged (anything in front hides the disclosures on purpose).
    ///
    /// For the selected plan, the screen must show its title, its length, its billed price
    /// per period, the auto-renewal terms, what a free trial or an introductory offer turns
    /// into, and links to the Terms of Use and the Privacy Policy; and no per-month
    /// breakdown, saving or offer price of the plan may be more prominent than its billed
    /// price (``Prominence``).
    public static func check(_ state: AppState, theme: Theme, stateName: String) -> [ReviewFinding] {
        guard isJudged(state), let plan = state.selectedPlan, let info = plan.subscription else { return [] }
        let frame = PaywallProgram.render(state, theme: theme, size: state.size)
        let screen = ScreenText(frame.buffer)
        let strings = state.content.strings
        var messages: [String] = []
        let locale = state.content.locale

        func shows(_ text: String) -> Bool { contains(screen, text) }

        let price = OfferText.pricePerPeriod(plan, strings)
        if !shows(plan.displayName) { messages.append("subscription title '\(plan.displayName)' not shown") }
        let length = strings.duration(value: info.period.value, unit: info.period.unit)
        if !shows(length) { messages.append("subscription length '\(length)' not shown") }
        // Worked out once: the checks below and the distance to the call to action both use it.
        let disclosure = Disclosure(state)
        if let disclosure {
            if let own = state.content.renewalTerms, !own.contains("24") {
                messages.append(
                    "auto-renewal terms in \(locale) do not say the subscription renews unless turned off at least 24 hours before the period ends"
                )
            }
            if !shows(disclosure.terms) { messages.append("no auto-renewal terms in \(locale)") }
            if disclosure.termsLink == nil {
                messages.append("Terms of Use link missing")
            } else if !shows(strings[.termsOfUse]) {
                messages.append("Terms of Use link not shown")
            }
            if disclosure.privacyLink == nil {
                messages.append("Privacy Policy link missing")
            } else if !shows(strings[.privacyPolicy]) {
                messages.append("Privacy Policy link not shown")
            }
        }
        messages += prominence(state, plan: plan, price: price, screen: screen, frame: frame, theme: theme)
        let summaryRows = disclosure.map { disclosure in
            forms(of: disclosure.summary).flatMap { screen.occurrences(of: $0).map(\.y) }
        }
        if let rows = summaryRows, let distance = distanceFromCallToAction(frame, disclosureRows: rows),
            distance > nearRows
        {
            messages.append(
                "disclosures start \(distance) rows below the call to action; keep them within \(nearRows)")
        }
        return messages.map {
            ReviewFinding(
                template: state.content.template, locale: locale, state: stateName, plan: plan.displayName,
                size: state.size, message: $0)
        }
    }

    /// Whether ``check(_:theme:stateName:)`` judges `state` at all (and renders it): loaded, the
    /// subscriptions tab with no overlay, a subscription selected that is for sale.
    static func isJudged(_ state: AppState) -> Bool {
        guard state.isLoaded, state.tab == .subscriptions, state.overlay == nil,
            let plan = state.selectedPlan, plan.subscription != nil
        else { return false }
        // A plan held, scheduled or waiting for approval is not sold: nothing to disclose.
        return state.planStanding(plan, state.standing).isForSale
    }

    /// How far below the last purchase button the disclosures may start and still read as
    /// beside it: the gap between two blocks, and the blank row under a plan button.
    public static let nearRows = 3

    /// Rows from the bottom of the last purchase button (the call to action, or in the
    /// buttons style the plans' own buttons) to the first of `disclosureRows` below it; nil
    /// when either is missing.
    public static func distanceFromCallToAction(_ frame: Frame, disclosureRows: [Int]) -> Int? {
        let actions = frame.targets.compactMap { target -> Int? in
            switch target.target {
            case .paywall(.buy), .plan: target.rect.maxY - 1
            default: nil
            }
        }
        guard let action = actions.max() else { return nil }
        return disclosureRows.filter { $0 > action }.min().map { $0 - action }
    }

    /// The billed amount against the plan's per-month breakdown, saving and offer price.
    private static func prominence(
        _ state: AppState, plan: Product, price: String, screen: ScreenText, frame: Frame, theme: Theme
    ) -> [String] {
        let strings = state.content.strings
        let judge = Prominence(theme: theme)
        func best(_ text: String) -> Int? {
            let places = forms(of: text).flatMap { screen.occurrences(of: $0) }
            return places.map { judge.score(frame.buffer, x: $0.x, y: $0.y, width: $0.width) }.max()
        }
        guard let billed = best(price) else { return ["billed amount \(price) not shown"] }
        let offer = PlanOffer.best(for: plan, in: state.store)?.offer
        let secondary = [
            OfferText.perMonth(plan, locale: state.content.locale, strings),
            OfferText.savings(plan, among: state.store.plans, strings),
            offer.flatMap { OfferText.offerPrice($0, strings) },
        ].compactMap { $0 }
        return secondary.compactMap { text in
            guard let score = best(text), score > billed else { return nil }
            return "billed amount \(price) is less prominent than '\(text)'"
        }
    }

    /// Whether the screen shows `text`: as written (wrapped lines read whole, spaces ignored),
    /// or, for right-to-left text laid out line by line, every word of letters in it, in
    /// display order.
    static func contains(_ screen: ScreenText, _ text: String) -> Bool {
        if screen.squeezedContains(visible(text)) { return true }
        guard BidiText.containsRightToLeft(text) else { return false }
        // Words that mix scripts with digits ("US$/شهر", "19.99") are reordered with their
        // neighbours on the line, so only the words of letters are looked for one by one.
        let words = text.split(whereSeparator: \.isWhitespace)
            .map { String($0.filter { !$0.isPunctuation }) }
            .filter { word in !word.isEmpty && word.allSatisfy { $0.isLetter } }
        return words.allSatisfy { word in
            forms(of: word).contains { screen.squeezedContains($0) }
        }
    }

    /// How `text` may appear on screen: as is, and in display order when right-to-left.
    static func forms(of text: String) -> [String] {
        guard BidiText.containsRightToLeft(text) else { return [visible(text)] }
        let orders = [text, BidiText.visualOrder(text), BidiText.visualOrder(text, direction: .rightToLeft)]
        return orders.map(visible)
    }

    /// `text` without the invisible characters a terminal cell never holds (direction marks
    /// such as the U+200F that right-to-left prices carry).
    static func visible(_ text: String) -> String {
        // Most texts hold no format character at all: returned as they are, not rebuilt.
        let hasFormat = text.unicodeScalars.contains { DisplayWidth.isFormat($0) }
        guard hasFormat else { return text }
        // Printable ASCII is never a format character: only the rest is looked up.
        let shown = text.unicodeScalars.filter { !DisplayWidth.isFormat($0) }
        return String(String.UnicodeScalarView(shown))
    }
}
