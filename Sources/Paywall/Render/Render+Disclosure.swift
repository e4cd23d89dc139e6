import Foundation
import StoreCore
import TerminalUI

/// What App Review asks a subscription paywall to say beside its call to action (Guideline
/// 3.1.2, Schedule 2 section 3.8(b)), for the selected plan, in the paywall's language.
struct Disclosure {
    /// "Lumen Pro (Annual) · 1 year": the subscription's title and length.
    var summary: String
    /// "$79.99/year": the billed amount per period, drawn most prominent.
    var price: String
    /// The auto-renewal terms and, with an offer, what it turns into.
    var terms: String
    /// "Terms of Use", when the content has terms to show.
    var termsLink: String?
    /// "Privacy Policy", when the content has a privacy policy.
    var privacyLink: String?

    init?(_ state: AppState) {
        // Only a plan for sale is disclosed: the plan held, one scheduled or one waiting for
        // approval is not being sold (its terms were agreed to when it was bought).
        guard let plan = state.selectedPlan, let info = plan.subscription,
            state.planStanding(plan, state.standing).isForSale
        else { return nil }
        let strings = state.content.strings
        price = OfferText.pricePerPeriod(plan, strings)
        summary =
            "\(plan.displayName) · \(strings.duration(value: info.period.value, unit: info.period.unit))"
        let fill: [String: String] = ["price": price]
        var terms = strings.format(.renewalTerms, fill)
        if let own = state.content.renewalTerms { terms = Self.fill(own, fill) }
        if let offer = PlanOffer.best(for: plan, in: state.store)?.offer {
            let total = offer.totalDuration
            let duration = strings.duration(value: total.value, unit: total.unit)
            if offer.paymentMode == .freeTrial {
                let values = ["duration": duration, "price": price]
                let trial = state.content.trialTerms.map { Self.fill($0, values) }
                terms = (trial ?? strings.format(.trialTerms, values)) + " " + terms
            } else {
                terms = OfferText.terms(offer, product: plan, strings) + ". " + terms
            }
        }
        self.terms = terms
        let content = state.content
        termsLink = Self.present(content.termsText, content.termsURL) ? strings[.termsOfUse] : nil
        privacyLink = Self.present(content.privacyText, content.privacyURL) ? strings[.privacyPolicy] : nil
    }

    private static func present(_ text: String?, _ url: String?) -> Bool {
        !(text ?? "").isEmpty || !(url ?? "").isEmpty
    }

    private static func fill(_ template: String, _ values: [String: String]) -> String {
        PaywallStrings.fill(template, values)
    }

    /// The terms wrapped for `width` columns.
    func termLines(width: Int) -> [String] { TextLayout.wrap(terms, width: width) }
}

extension PaywallProgram {
    /// The disclosures as a section: summary and price, the terms, the links. When rows run
    /// short the terms are cut (with "…") before the price or the links go.
    static func disclosureSection(_ state: AppState, width: Int) -> Section? {
        guard let disclosure = Disclosure(state) else { return nil }
        // Small print reads best in lines no longer than the narrow templates' width.
        let width = min(width, PaywallTemplate.list.maximumWidth)
        let lines = disclosure.termLines(width: width)
        let hasLinks = disclosure.termsLink != nil || disclosure.privacyLink != nil
        let height = 1 + lines.count + (hasLinks ? 1 : 0)
        return Section(height: height, minimum: min(height, 1 + (hasLinks ? 1 : 0)), priority: 95) {
            canvas, full in
            let rect = full.centred(width: width)
            renderSummary(&canvas, disclosure, rightToLeft: state.isRightToLeft, row: rect.row(0))
            let termRows = rect.height - 1 - (hasLinks ? 1 : 0)
            if termRows > 0 {
                Paragraph(disclosure.terms, style: canvas[.muted], alignment: .center)
                    .render(
                        in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: termRows),
                        buffer: &canvas.buffer)
            }
            if hasLinks, rect.height > 1 {
                renderLinks(
                    &canvas, disclosure, rightToLeft: state.isRightToLeft, row: rect.row(rect.height - 1))
            }
        }
    }

    /// "Lumen Pro (Annual) · 1 year · $79.99/year", the price bold in the accent colour: the
    /// billed amount is the most prominent price on the screen. Mirrored for right-to-left text.
    static func renderSummary(_ canvas: inout Canvas, _ disclosure: Disclosure, rightToLeft: Bool, row: Rect)
    {
        var priceStyle = canvas[.accent]
        priceStyle.bold = true
        let separator = " · "
        let priceWidth = DisplayWidth.of(disclosure.price)
        let summaryWidth = min(
            DisplayWidth.of(disclosure.summary), max(0, row.width - priceWidth - DisplayWidth.of(separator)))
        let total = summaryWidth + DisplayWidth.of(separator) + priceWidth
        var x = row.x + max(0, (row.width - total) / 2)
        let parts: [(String, Int, Style)] =
            rightToLeft
            ? [
                (disclosure.price, priceWidth, priceStyle), (separator, 3, canvas[.text]),
                (disclosure.summary, summaryWidth, canvas[.text]),
            ]
            : [
                (disclosure.summary, summaryWidth, canvas[.text]), (separator, 3, canvas[.text]),
                (disclosure.price, priceWidth, priceStyle),
            ]
        for (text, width, style) in parts where width > 0 {
            canvas.text(
                text, in: Rect(x: x, y: row.y, width: min(width, row.maxX - x), height: 1), style: style,
                alignment: .leading)
            x += width
        }
    }

    /// "Terms of Use · Privacy Policy", each clickable (and on `t`, `p`).
    static func renderLinks(_ canvas: inout Canvas, _ disclosure: Disclosure, rightToLeft: Bool, row: Rect) {
        var links: [(String, PaywallAction)] = [
            disclosure.termsLink.map { ($0, .terms) }, disclosure.privacyLink.map { ($0, .privacy) },
        ].compactMap { $0 }
        if rightToLeft { links.reverse() }
        let separator = "  ·  "
        let total =
            links.map { DisplayWidth.of($0.0) }.reduce(0, +) + (links.count - 1) * DisplayWidth.of(separator)
        var x = row.x + max(0, (row.width - total) / 2)
        var style = canvas[.text]
        style.underline = true
        for (index, (label, action)) in links.enumerated() {
            if index > 0 {
                canvas.text(
                    separator, in: Rect(x: x, y: row.y, width: max(0, row.maxX - x), height: 1), role: .muted)
                x += DisplayWidth.of(separator)
            }
            let width = min(DisplayWidth.of(label), max(0, row.maxX - x))
            let rect = Rect(x: x, y: row.y, width: width, height: 1)
            canvas.text(label, in: rect, style: style, alignment: .leading)
            canvas.targets.append((rect, .paywall(action)))
            x += width
        }
    }
}
