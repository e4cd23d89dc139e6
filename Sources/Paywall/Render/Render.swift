import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The smallest terminal the paywall lays out in; below it a note says so.
    public static let minimumSize = Size(columns: 36, rows: 10)

    /// Renders the whole screen for `state` at `size`. Pure: the same inputs give the same frame.
    public static func render(_ state: AppState, theme: Theme, size: Size) -> Frame {
        var canvas = Canvas(size: size, theme: theme)
        let area = Rect(size: size)
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            renderTooSmall(&canvas, area: area, strings: state.content.strings)
            return Frame(buffer: canvas.buffer, targets: [], cursor: nil)
        }
        let notices = visibleNotices(state, rows: size.rows >= 20 ? 2 : 1)
        let noticeRows = notices.map { noticeLines($0, width: size.columns, tall: size.rows >= 20).count }
        let rows = area.split(
            rows: [.fixed(noticeRows.reduce(0, +)), .fixed(1), .fill(), .fixed(1), .fixed(1)])
        renderNotices(&canvas, notices, area: rows[0])
        renderTabs(&canvas, state, area: rows[1])
        if !state.isLoaded {
            canvas.text(
                state.content.strings[.loading], in: rows[2].row(rows[2].height / 2), role: .muted,
                alignment: .center)
        } else if state.tab == .subscriptions {
            renderSubscriptions(&canvas, state, area: rows[2].inset(left: 1, right: 1))
        } else {
            renderShelf(&canvas, state, area: rows[2].inset(left: 1, right: 1))
        }
        renderFooter(&canvas, state, area: rows[3].inset(left: 1, right: 1))
        renderStatus(&canvas, state, area: rows[4])
        if let overlay = state.overlay { renderOverlay(&canvas, state, overlay, area: area) }
        return Frame(buffer: canvas.buffer, targets: canvas.targets, cursor: canvas.cursor)
    }
}

extension PaywallProgram {
    static func renderTooSmall(_ canvas: inout Canvas, area: Rect, strings: PaywallStrings) {
        let need = "\(PaywallProgram.minimumSize.columns)x\(PaywallProgram.minimumSize.rows)"
        let lines = [
            strings[.tooSmall], strings.format(.tooSmallNeed, ["size": need]),
            strings.format(.tooSmallHave, ["size": "\(area.width)x\(area.height)"]), strings[.tooSmallQuit],
        ]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            canvas.text(
                line, in: area.row(top - area.y + offset), role: offset == 0 ? .warning : .muted,
                alignment: .center)
        }
    }

    /// The Ask to Buy banner first (it must stay visible), then the newest others.
    static func visibleNotices(_ state: AppState, rows: Int) -> [Notice] {
        let pending = state.awaitingApprovalNotices
        let others = state.notices
        var shown = Array(pending.suffix(rows))
        if state.isRestoring && shown.count < rows {
            shown.append(Notice(.info, state.content.strings[.restoring]))
        }
        shown += others.suffix(rows - shown.count)
        return shown
    }

    static func renderNotices(_ canvas: inout Canvas, _ notices: [Notice], area: Rect) {
        var y = 0
        for notice in notices {
            let (role, symbol): (ThemeRole, String) =
                switch notice.kind {
                case .pending: (.bannerPending, "⏳")
                case .info: (.bannerInfo, "ℹ")
                case .success: (.bannerInfo, "✓")
                case .warning: (.bannerWarning, "!")
                case .error: (.bannerError, "✗")
                }
            for (offset, line) in noticeLines(notice, width: area.width, tall: area.height > 1).enumerated()
            where y < area.height {
                // The second line is indented under the first's text, past the symbol.
                let banner = Banner(line, symbol: offset == 0 ? symbol : " ", style: canvas[role])
                banner.render(in: area.row(y), buffer: &canvas.buffer)
                y += 1
            }
        }
    }

    /// A banner's lines: one, or for an error that does not fit (a reload's located message),
    /// two so the whole message shows (the second ends in "…" if even that is short).
    static func noticeLines(_ notice: Notice, width: Int, tall: Bool) -> [String] {
        let text = notice.hint.map { "\(notice.text)  (\($0))" } ?? notice.text
        // The banner's own margins and symbol take 4 columns.
        let room = max(1, width - 4)
        guard notice.kind == .error, tall, DisplayWidth.of(text) > room else { return [text] }
        return TextLayout.wrap(text, width: room, maxLines: 2)
    }

    /// The tabs, and which styles are on; right-to-left locales put the tabs on the right, the
    /// first (Subscriptions) rightmost.
    static func renderTabs(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let strings = state.content.strings
        let rightToLeft = state.isRightToLeft
        var titles = [strings[.subscriptions], strings[.shop]]
        var selected = state.tab == .subscriptions ? 0 : 1
        if rightToLeft {
            titles.reverse()
            selected = 1 - selected
        }
        let width = titles.map { DisplayWidth.of($0) + 2 }.reduce(0, +) + titles.count - 1
        let barArea = rightToLeft ? area.inset(left: max(0, area.width - width)) : area
        canvas.buffer.fill(area.row(0), with: Cell(" ", style: canvas[.muted]))
        let bar = TabBar(titles, selected: selected, style: canvas[.muted], selectedStyle: canvas[.selection])
        bar.render(in: barArea, buffer: &canvas.buffer)
        for rect in bar.titleRects(in: barArea) where !rect.isEmpty {
            canvas.targets.append((rect, .paywall(.tab)))
        }
        let template = state.content.template
        let styleText =
            state.tab == .subscriptions
            ? (template.usesControlStyle
                ? "\(template.rawValue) · \(state.controlStyle.rawValue) · \(state.labelStyle.rawValue)"
                : "\(template.rawValue) · \(state.labelStyle.rawValue)")
            : state.productViewStyle.rawValue
        let rest =
            rightToLeft
            ? area.inset(left: 1, right: area.width - (barArea.x - area.x) + 2)
            : area.inset(left: (bar.titleRects(in: barArea).last?.maxX ?? area.x) - area.x + 2, right: 1)
        canvas.text(styleText, in: rest, role: .muted, alignment: rightToLeft ? .leading : .trailing)
    }

    /// The footer's buttons. When they do not all fit, the terms and privacy buttons go first
    /// (the disclosures link to both), then the last ones give way to "More", which opens the
    /// list of every key: nothing is ever out of reach, at any size.
    static func renderFooter(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let strings = state.content.strings
        let all: [(String, PaywallAction)] = [
            (strings[.restore], .restore), (strings[.redeem], .redeem), (strings[.termsOfUse], .terms),
            (strings[.privacyPolicy], .privacy), ("\(strings[.account]): \(state.store.account)", .accounts),
            (strings[.manager], .manager),
        ]
        func width(_ buttons: [(String, PaywallAction)]) -> Int {
            buttons.map { DisplayWidth.of($0.0) + 5 }.reduce(0, +) - 1
        }
        var buttons = all
        if width(buttons) > area.width { buttons.removeAll { $0.1 == .terms || $0.1 == .privacy } }
        if width(buttons) > area.width {
            let more = ("? \(strings[.more])", PaywallAction.help)
            while !buttons.isEmpty, width(buttons + [more]) > area.width { buttons.removeLast() }
            buttons.append(more)
        }
        if state.isRightToLeft { buttons.reverse() }
        let total = width(buttons)
        var x = area.x + max(0, (area.width - total) / 2)
        for (label, action) in buttons {
            let width = DisplayWidth.of(label) + 4
            guard x + width <= area.maxX else { break }
            canvas.button(
                label, at: Rect(x: x, y: area.y, width: width, height: 1), role: .muted,
                target: .paywall(action))
            x += width + 1
        }
    }

    static func renderStatus(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let store = state.store
        let clock = store.clock.map(formatClock) ?? "--"
        let entitled = store.entitlements.map { store.name(of: $0.unsafePayloadValue.productID) }
        let busy = state.isBusy ? " ⋯" : ""
        let strings = state.content.strings
        let entitlements =
            (entitled.isEmpty ? strings[.noEntitlements] : "✓ " + entitled.joined(separator: ", ")) + busy
        let trailing = strings.localized(KeyMaps.paywall).helpLine(only: [.help, .quit])
        // The keys to help and quit always show: the catalog's name gives way first, then the account.
        let candidates = [
            [
                state.content.backendName, state.content.catalogName, store.account.rawValue, clock,
                entitlements,
            ],
            [state.content.backendName, store.account.rawValue, clock, entitlements],
            [state.content.backendName, clock, entitlements],
        ].map { $0.filter { !$0.isEmpty }.joined(separator: " · ") }
        let room = area.width - DisplayWidth.of(trailing) - 3
        let leading = candidates.first { DisplayWidth.of($0) <= room } ?? candidates[candidates.count - 1]
        StatusLine(leading, trailing: trailing, style: canvas[.statusBar]).render(
            in: area, buffer: &canvas.buffer)
    }

    /// The store clock as `2026-05-01 14:03` (UTC), short enough for the status line.
    ///
    /// Built from `gmtime_r` rather than an ISO 8601 format style and a search-and-replace:
    /// every frame's status line shows the clock, and the review renders thousands of frames.
    static func formatClock(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "" }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let year = padded(parts.tm_year + 1900, 4)
        let (month, day) = (padded(parts.tm_mon + 1, 2), padded(parts.tm_mday, 2))
        return "\(year)-\(month)-\(day) \(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2))"
    }

    /// `2026-05-01`.
    static func formatDay(_ date: Date) -> String { date.formatted(.iso8601.year().month().day()) }
}
