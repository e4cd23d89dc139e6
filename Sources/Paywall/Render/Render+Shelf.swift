import StoreCore
import TerminalUI

extension PaywallProgram {
    /// StoreView / ProductView: non-subscription products with prices, buy buttons, quantity and
    /// owned state, in the compact, regular or large style.
    static func renderShelf(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let products = state.store.shelfProducts
        guard !products.isEmpty else {
            canvas.text(
                state.content.strings[.nothingForSale], in: area.row(1), role: .muted, alignment: .center)
            return
        }
        let height: Int =
            switch state.productViewStyle {
            case .compact: 1
            case .regular: 3
            case .large: 5
            }
        let fitting = max(1, area.height / height)
        let selected = min(state.shelf.selected, products.count - 1)
        let first = max(0, min(selected - fitting + 1, products.count - fitting))
        let indicator = ScrollIndicator(
            contentLength: products.count, visibleLength: fitting, offset: first, style: canvas[.muted])
        let content = indicator.isNeeded ? area.inset(right: 1) : area
        for offset in 0..<min(fitting, products.count - first) {
            let index = first + offset
            let rect = Rect(
                x: content.x, y: content.y + offset * height, width: content.width, height: height)
            renderProduct(
                &canvas, state, products[index], index: index, isSelected: index == selected, area: rect)
        }
        indicator.render(
            in: Rect(x: area.maxX - 1, y: area.y, width: 1, height: area.height), buffer: &canvas.buffer)
    }

    /// The buy button's label, or the owned state.
    static func purchaseLabel(_ product: Product, _ state: AppState) -> (String, Bool) {
        let owned = state.store.entitledProductIDs.contains(product.id)
        switch product.type {
        case .nonConsumable where owned: return ("✓ Owned", false)
        case .nonRenewable where owned: return ("✓ Active", false)
        case .consumable where state.quantity > 1: return ("\(product.displayPrice) ×\(state.quantity)", true)
        default: return (product.displayPrice, true)
        }
    }

    static func renderProduct(
        _ canvas: inout Canvas, _ state: AppState, _ product: Product, index: Int, isSelected: Bool,
        area: Rect
    ) {
        let (label, canBuy) = purchaseLabel(product, state)
        let buttonWidth = DisplayWidth.of(label) + 4
        var body = area
        if state.productViewStyle == .large {
            Box(border: isSelected ? .heavy : .rounded, style: canvas[isSelected ? .focus : .border])
                .render(
                    in: Rect(x: area.x, y: area.y, width: area.width, height: area.height - 1),
                    buffer: &canvas.buffer)
            body = area.inset(top: 1, left: 2, bottom: 2, right: 2)
        } else if isSelected {
            canvas.buffer.fill(area.row(0), with: Cell(" ", style: canvas[.selection]))
        }
        let nameStyle = isSelected && state.productViewStyle != .large ? canvas[.selection] : canvas[.text]
        let buttonRect = Rect(x: body.maxX - buttonWidth, y: body.y, width: buttonWidth, height: 1)
        let marker = isSelected ? "› " : "  "
        canvas.text(
            marker + product.displayName, in: body.row(0).inset(right: buttonWidth + 1), style: nameStyle)
        canvas.button(
            label, at: buttonRect, focused: isSelected && canBuy, role: canBuy ? .ctaText : .success,
            target: .shelfProduct(index))
        canvas.targets.append((area.row(0).inset(right: buttonWidth), .shelfProduct(index)))
        guard state.productViewStyle != .compact else { return }
        var detail = product.description
        if product.type == .consumable && isSelected { detail += "  · quantity \(state.quantity) (+/-)" }
        canvas.text("  " + detail, in: body.row(1), role: .muted)
        if state.productViewStyle == .large {
            canvas.text("  " + typeName(product.type, state.content.strings), in: body.row(2), role: .muted)
        }
    }

    static func typeName(_ type: ProductType, _ strings: PaywallStrings = .english) -> String {
        switch type {
        case .consumable: strings[.consumable]
        case .nonConsumable: strings[.nonConsumable]
        case .nonRenewable: strings[.nonRenewing]
        case .autoRenewable: strings[.subscriptionKind]
        }
    }
}
