import Foundation
import StoreCore
import TerminalUI

/// One plan as the picker shows it, whatever the style.
struct PlanRow {
    var product: Product
    var name: String
    var price: String
    var offer: String?
    var badge: String?
    var tag: String?
    var isSelected: Bool
}

/// SubscriptionStoreView: marketing header, the subscriber's plan, the options, the call to action.
func renderSubscriptions(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
    let plans = state.store.plans
    guard !plans.isEmpty else {
        canvas.text(
            "No subscriptions in this catalog. Press tab for the shop.", in: area.row(1), role: .muted)
        return
    }
    let rows = planRows(state)
    let optionsHeight = optionsHeight(state.controlStyle, state.labelStyle, rows.count)
    let ctaHeight = state.controlStyle == .buttons ? 0 : (state.labelStyle == .multiline ? 3 : 2)
    let subscriberHeight = state.store.activeStatus == nil ? 0 : 1
    let spare = area.height - optionsHeight - ctaHeight - subscriberHeight
    let headerHeight = max(1, min(headerLines(state.content).count, spare))
    let parts = area.split(rows: [
        .fixed(headerHeight), .fixed(subscriberHeight), .fill(), .fixed(ctaHeight),
    ])
    renderHeader(&canvas, state.content, area: parts[0])
    if subscriberHeight > 0 { renderSubscriber(&canvas, state, area: parts[1]) }
    renderPlans(&canvas, state, rows, area: parts[2])
    if ctaHeight > 0 { renderCallToAction(&canvas, state, area: parts[3].inset(top: 1)) }
}

func planRows(_ state: AppState) -> [PlanRow] {
    let plans = state.store.plans
    return plans.enumerated().map { index, product in
        let offer = PlanOffer.best(for: product, in: state.store).map {
            OfferText.terms($0.offer, product: product)
        }
        return PlanRow(
            product: product, name: product.displayName, price: OfferText.pricePerPeriod(product),
            offer: offer,
            badge: OfferText.savings(product, among: plans),
            tag: OfferText.relationship(product, in: state.store),
            isSelected: index == min(state.planIndex, plans.count - 1))
    }
}

/// The header lines: title, subtitle, then features, cut from the end when space runs out.
func headerLines(_ content: PaywallContent) -> [(String, ThemeRole)] {
    var lines: [(String, ThemeRole)] = [(content.title, .accent)]
    if let subtitle = content.subtitle { lines.append((subtitle, .muted)) }
    for feature in content.features {
        let detail = feature.detail.map { " — \($0)" } ?? ""
        lines.append(("\(feature.symbol) \(feature.title)\(detail)", .text))
    }
    return lines
}

func renderHeader(_ canvas: inout Canvas, _ content: PaywallContent, area: Rect) {
    for (row, line) in headerLines(content).prefix(area.height).enumerated() {
        var style = canvas[line.1]
        if row == 0 { style.bold = true }
        canvas.text(line.0, in: area.row(row), style: style)
    }
}

/// "Current plan: Pro Monthly · renews 2026-06-01 · auto-renew on (u)".
func renderSubscriber(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
    guard let status = state.store.activeStatus else { return }
    let renewal = status.renewalInfo.unsafePayloadValue
    let transaction = status.transaction.unsafePayloadValue
    let name = state.store.name(of: renewal.currentProductID)
    let due = renewal.renewalDate ?? transaction.expirationDate
    let date = due.map(formatDay) ?? "?"
    let text: String
    // A failed renewal reads as what it is, from the status, whether or not a message came.
    switch status.state {
    case .inGracePeriod:
        text =
            "Current plan: \(name) · payment failed on \(date) · grace period until "
            + (renewal.gracePeriodExpirationDate.map(formatDay) ?? "?")
    case .inBillingRetryPeriod:
        text =
            "Current plan: \(name) · payment failed on \(date) · retrying until "
            + (due.map { formatDay($0.addingTimeInterval(state.store.settings.timeRate.billingRetryPeriod)) }
                ?? "?")
    default:
        let when = renewal.willAutoRenew ? "renews \(date)" : "expires \(date)"
        text = "Current plan: \(name) · \(when) · auto-renew \(renewal.willAutoRenew ? "on" : "off") (u)"
    }
    canvas.text(text, in: area.row(0), role: status.state == .subscribed ? .success : .warning)
}

/// The call to action: follows the selection, its offer and the label style.
func callToAction(_ state: AppState) -> (label: String, detail: String?) {
    guard let plan = state.selectedPlan else { return (state.content.callToAction, nil) }
    let offer = PlanOffer.best(for: plan, in: state.store)
    let relationship = OfferText.relationship(plan, in: state.store)
    var action = state.content.callToAction
    if relationship == "Current" {
        action = "Current plan"
    } else if let offer, offer.offer.type == .introductory, offer.offer.paymentMode == .freeTrial {
        action = state.content.callToActionWithIntroOffer
    } else if let relationship {
        action = relationship
    }
    let price = OfferText.pricePerPeriod(plan)
    let terms = offer.map { OfferText.terms($0.offer, product: plan) }
    switch state.labelStyle {
    case .action: return (action, terms)
    case .displayName: return ("\(action): \(plan.displayName)", terms)
    case .price: return (terms.map { _ in action } ?? "\(action) for \(price)", terms)
    case .singleLine: return ("\(action) · \(plan.displayName) · \(price)", terms)
    case .multiline: return (action, terms ?? "\(plan.displayName) · \(price)")
    }
}

func renderCallToAction(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
    let (label, detail) = callToAction(state)
    let width = min(area.width, max(DisplayWidth.of(label) + 8, area.width / 2))
    let rect = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: 1)
    canvas.buffer.fill(rect, with: Cell(" ", style: canvas[.cta]))
    canvas.text(label, in: rect, role: .cta, alignment: .center)
    canvas.targets.append((rect, .paywall(.buy)))
    if let detail, area.height > 1 { canvas.text(detail, in: area.row(1), role: .muted, alignment: .center) }
}
