import Foundation
import SourceDiagnostics

extension Markup {
    /// Text for XML 1.0 and the QA report's HTML (JUnit reports, `kiosk report`): `escapeText`'s
    /// entities, and the characters XML 1.0 cannot hold even as references (controls other
    /// than tab and line feed, U+FFFE, U+FFFF) written out as `\u{XX}`, so the document stays
    /// well-formed and the reader still sees what was there.
    public static func escapeXML(_ text: String) -> String {
        var visible = VisibleControls.visible(text)
        if visible.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
            visible = visible.replacingOccurrences(of: "\u{FFFE}", with: "\\u{FFFE}")
                .replacingOccurrences(of: "\u{FFFF}", with: "\\u{FFFF}")
        }
        return escapeText(visible)
    }
}
