import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The cancel sheet as the App Store lays out a retention message
    /// (developer.apple.com/documentation/retentionmessaging/setting-up-retention-messages): the
    /// image at the top (its header above it with `ABOVE_IMAGE`), the header, the body, the
    /// bullet points with their icons' alt text, then the offer and the buttons. The image is
    /// drawn as a frame of its proportions holding its alt text: a terminal cannot show the PNG.
    /// The last line says, for the tester, where the message came from.
    static func renderCancelSheet(
        _ canvas: inout Canvas, _ state: AppState, _ sheet: RetentionSheet, area: Rect
    ) {
        let width = min(area.width - 2, 64)
        let inner = max(1, width - 4)
        var lines: [(String, ThemeRole)] = []
        let product = state.store.products.first { $0.id == sheet.productID }
        lines.append((product?.displayName ?? sheet.productID, .muted))
        lines.append(("", .text))
        var imageRow: Int?
        var imageHeight = 0
        if let content = sheet.content {
            let header = TextLayout.wrap(content.header, width: inner).map { ($0, ThemeRole.accent) }
            if content.headerAboveImage || content.image == nil { lines += header }
            if let image = content.image {
                // Cells are about twice as tall as wide: the frame keeps the PNG's proportions.
                imageHeight = max(
                    3, min(8, Int((Double(inner) * Double(image.height) / Double(image.width) / 2).rounded()))
                )
                imageRow = lines.count
                lines += Array(repeating: ("", .muted), count: imageHeight)
                if !content.headerAboveImage { lines += header }
            }
            lines += TextLayout.wrap(content.body, width: inner).map { ($0, .text) }
            for bullet in content.bulletPoints {
                lines += TextLayout.wrap("• \(bullet.text)  [\(bullet.altText)]", width: inner).map {
                    ($0, .text)
                }
            }
        } else {
            lines.append(("Are you sure you want to cancel this subscription?", .text))
        }
        if let offer = offerLine(sheet.offer, state: state) {
            lines.append(("", .text))
            lines += TextLayout.wrap(offer, width: inner).map { ($0, .success) }
        }
        let source = TextLayout.wrap(sourceLine(sheet), width: inner).map { ($0, ThemeRole.muted) }
        // The lines, a blank row, the buttons and the source line, inside the border.
        let height = min(area.height, lines.count + source.count + 4)
        let modal = Modal(
            title: "Cancel Subscription", size: Size(columns: width, rows: height), style: canvas[.text],
            borderStyle: canvas[.border])
        modal.render(in: area, buffer: &canvas.buffer)
        let content = modal.contentRect(in: area)
        let room = max(0, content.height - 1 - source.count)
        for (row, line) in lines.enumerated() where row < room - 1 {
            canvas.text(line.0, in: content.row(row), role: line.1)
        }
        if let imageRow, let image = sheet.content?.image, imageRow < room {
            let frame = Rect(
                x: content.x, y: content.y + imageRow, width: content.width,
                height: min(imageHeight, room - imageRow))
            drawPicture(&canvas, image, in: frame)
        }
        let buttons = content.row(room)
        var x = 0
        if sheet.offer != .none {
            let label = if case .switchPlan = sheet.offer { "Switch Plan" } else { "Redeem Offer" }
            x += canvas.button(label, at: buttons, focused: true, target: .cancelSheet(.accept)).width + 2
        }
        x +=
            canvas.button(
                "Cancel Subscription", at: buttons.inset(left: x), role: .error,
                target: .cancelSheet(.cancelSubscription)
            ).width + 2
        canvas.button(
            "Keep", at: buttons.inset(left: x), focused: sheet.offer == .none, role: .muted,
            target: .cancelSheet(.keep))
        for (index, line) in source.enumerated() {
            canvas.text(line.0, in: content.row(room + 1 + index), role: .muted)
        }
    }

    /// The offer in words: the other plan and its price, or the offer's terms.
    static func offerLine(_ offer: RetentionSheet.Offer, state: AppState) -> String? {
        let strings = state.content.strings
        switch offer {
        case .none: return nil
        case .switchPlan(let productID, let plan):
            guard let product = state.store.products.first(where: { $0.id == productID }) else {
                return "Switch to \(productID)"
            }
            let billing = plan.map { $0 == .monthly ? ", billed monthly" : ", billed up front" } ?? ""
            return "Switch to \(product.displayName): \(OfferText.pricePerPeriod(product, strings))\(billing)"
        case .promotionalOffer(let productID, let offerID, _):
            guard let product = state.store.products.first(where: { $0.id == productID }),
                let found = product.subscription?.promotionalOffers.first(where: { $0.id == offerID })
            else { return "Offer \(offerID)" }
            return OfferText.terms(found, product: product, strings) + ", from your next renewal"
        }
    }

    /// Where the message came from, for the tester: the endpoint and its time, or why the
    /// default is shown.
    static func sourceLine(_ sheet: RetentionSheet) -> String {
        switch sheet.source {
        case .endpoint:
            let time = sheet.exchange.map { " in \(Int($0.milliseconds)) ms" } ?? ""
            return "From your endpoint\(time) · message \(sheet.content?.messageID.prefix(8) ?? "none")"
        case .fallback(let reason):
            return (sheet.content == nil ? "No retention message: " : "Default message: ") + reason
        }
    }

    /// The image's place: a shaded frame with the alt text and the PNG's size in the middle.
    private static func drawPicture(_ canvas: inout Canvas, _ image: RetentionSheet.Picture, in frame: Rect) {
        guard frame.height > 0, frame.width > 2 else { return }
        let shade = String(repeating: "░", count: frame.width)
        for row in 0..<frame.height { canvas.text(shade, in: frame.row(row), role: .muted) }
        let label = TextLayout.wrap(" \(image.altText) ", width: max(1, frame.width - 4))
        let size = " \(image.width)×\(image.height) PNG "
        let all = label + [size]
        let top = max(0, (frame.height - all.count) / 2)
        for (index, line) in all.enumerated() where top + index < frame.height {
            canvas.text(
                line, in: frame.row(top + index), role: index < label.count ? .accent : .muted,
                alignment: .center)
        }
    }
}
