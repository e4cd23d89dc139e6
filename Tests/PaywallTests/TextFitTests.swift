import Foundation
import StoreCore
import TerminalUI
import Testing

@testable import Paywall

/// Text that does not fit is cut with an ellipsis, never silently: every template in every
/// language the paywall speaks, at three sizes, each string the paywall means to show (names,
/// prices, offers, marks, the call to action, the copy) either whole on screen, gone whole, or
/// cut where an "…" says so.
@Suite(.serialized) struct TextFitTests {
    static let locales = [
        "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ja", "ko", "zh_Hans", "zh_Hant", "ar", "he",
    ]
    static let sizes = [
        Size(columns: 120, rows: 40), Size(columns: 80, rows: 24), Size(columns: 48, rows: 16),
    ]

    /// The strings a frame of `state` means to show.
    static func intended(_ state: AppState) -> [String] {
        var strings = [state.title] + [state.content.subtitle].compactMap { $0 }
        strings += state.content.features.map(\.title)
        strings.append(PaywallProgram.callToAction(state).label)
        if let disclosure = Disclosure(state) { strings += [disclosure.summary, disclosure.terms] }
        if let (line, _) = PaywallProgram.subscriberLine(state) { strings.append(line) }
        for row in PaywallProgram.planRows(state) {
            // The comparison table's narrow columns say "$19.99" under a "1 month" row label on
            // purpose: its prices are checked whole by the App Review pass, not here.
            let price = state.content.template == .comparison ? [] : [row.price]
            strings +=
                [row.name] + price
                + [row.offer, row.badge, row.tag, row.highlight, row.perMonth]
                .compactMap { $0 }
        }
        return strings.map(PaywallReview.visible).filter { !$0.isEmpty }
    }

    /// The beginnings of `text` a reader could take for the whole: by words, or by characters
    /// for text written without spaces (Chinese, Japanese), at least two words or four characters.
    static func prefixes(of text: String) -> [String] {
        let words = text.split(separator: " ")
        if words.count > 1 {
            return (2..<words.count).map { words.prefix($0).joined(separator: " ") }
        }
        let characters = Array(text)
        // Only text written without spaces is cut by characters ("US$3" is not a cut "US$3.33").
        func unspaced(_ text: String) -> Bool {
            text.unicodeScalars.contains {
                (0x3040...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value)
            }
        }
        guard characters.count > 4 else { return [] }
        return (4..<characters.count).map { String(characters.prefix($0)) }.filter(unspaced)
    }

    /// Strings cut without an ellipsis on `frame`: read across the screen, and within each plan's
    /// own area (a card's lines read down the card, not across its neighbours).
    static func silentCuts(_ frame: Frame, intended: [String]) -> [String] {
        let buffer = frame.buffer
        var texts = [ScreenText(buffer).squeezed]
        for (rect, target) in frame.targets {
            guard case .plan = target, rect.height > 1 else { continue }
            var area = Buffer(size: Size(columns: rect.width, rows: rect.height))
            for y in 0..<rect.height {
                for x in 0..<rect.width
                where rect.x + x < buffer.size.columns && rect.y + y < buffer.size.rows {
                    area[x, y] = buffer[rect.x + x, rect.y + y]
                }
            }
            // A card's borders are not text.
            texts.append(
                String(
                    ScreenText(area).squeezed.unicodeScalars.filter { !(0x2500...0x257F).contains($0.value) })
            )
        }
        func squeeze(_ text: String) -> String { String(text.filter { !$0.isWhitespace }) }
        var cuts: [String] = []
        for text in intended where !BidiText.containsRightToLeft(text) {
            let whole = squeeze(text)
            guard !texts.contains(where: { $0.contains(whole) }) else { continue }
            // The longest beginning that shows, unless another string says it (a plan's name
            // begins with the title).
            guard
                let shown = prefixes(of: text).reversed().first(where: { prefix in
                    texts.contains { $0.contains(squeeze(prefix)) }
                }),
                !intended.contains(where: { $0 != text && squeeze($0).contains(squeeze(shown)) })
            else { continue }
            // Cut with an ellipsis: after the beginning, more of the text, then "…".
            let marked = texts.contains { screen in
                var rest = screen[...]
                while let range = rest.range(of: squeeze(shown)) {
                    var after = screen[range.upperBound...]
                    var expected = whole.dropFirst(squeeze(shown).count)
                    while let next = after.first, next == expected.first {
                        after = after.dropFirst()
                        expected = expected.dropFirst()
                    }
                    if after.first == Character(TextLayout.ellipsis) { return true }
                    rest = screen[range.upperBound...]
                }
                return false
            }
            if !marked { cuts.append("\"\(text)\" shows as \"\(shown)\"") }
        }
        return cuts
    }

    @Test(arguments: PaywallTemplate.allCases)
    func noStringIsCutWithoutAnEllipsis(_ template: PaywallTemplate) async throws {
        let theme = try Fixtures.theme()
        for locale in Self.locales {
            var state = try await LoadedStates.shared.state(locale: locale)
            state.content.template = template
            for size in Self.sizes {
                _ = PaywallProgram.update(&state, .resize(size))
                for plan in state.store.plans.indices {
                    state.planIndex = plan
                    let frame = PaywallProgram.render(state, theme: theme, size: size)
                    let cuts = Self.silentCuts(frame, intended: Self.intended(state))
                    #expect(
                        cuts.isEmpty,
                        "\(template) \(locale) \(size) plan \(plan): \(cuts)\n\(frame.buffer.plainText)")
                }
            }
        }
    }

    /// The check finds a cut without an ellipsis (it would pass nothing otherwise).
    @Test func aSilentCutIsFound() {
        let offer = "$29.99 for 3 months, then $179.99/year"
        var buffer = Buffer(size: Size(columns: 30, rows: 2))
        buffer.writeLine("$29.99 for 3", in: Rect(x: 0, y: 0, width: 30, height: 1))
        #expect(!Self.silentCuts(Frame(buffer: buffer, targets: [], cursor: nil), intended: [offer]).isEmpty)
        var marked = Buffer(size: Size(columns: 30, rows: 2))
        marked.writeLine("$29.99 for 3 mo…", in: Rect(x: 0, y: 0, width: 30, height: 1))
        #expect(Self.silentCuts(Frame(buffer: marked, targets: [], cursor: nil), intended: [offer]).isEmpty)
    }
}
