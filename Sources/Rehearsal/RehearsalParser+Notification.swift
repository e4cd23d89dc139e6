import SourceDiagnostics
import StoreCore

extension RehearsalParser {
    /// `expect notification TYPE[/SUBTYPE]`, both Apple's names (`SUBSCRIBED/INITIAL_BUY`).
    /// Checked here, so a typo is a lint error naming the word instead of a rehearsal that
    /// fails later; and `""`, `/` or `//` is an error, not a trap (issue 22: `split` gave no
    /// parts and `parts[0]` stopped `kiosk lint`).
    static func notification(_ token: Token) throws(LineError) -> Expectation {
        let text = token.text
        let type: Substring
        var subtype: Substring?
        if let slash = text.firstIndex(of: "/") {
            type = text[..<slash]
            subtype = text[text.index(after: slash)...]
        } else {
            type = text[...]
        }
        let types = NotificationType.allCases.map(\.rawValue)
        guard let known = NotificationType(rawValue: String(type)) else {
            throw LineError(
                column: token.column,
                message: Suggestion.appending(
                    to: "unknown notification type '\(type)' in '\(text)': use Apple's names, such as "
                        + "SUBSCRIBED/INITIAL_BUY or DID_RENEW",
                    word: String(type), candidates: types))
        }
        var knownSubtype: NotificationSubtype?
        if let subtype {
            let subtypes = NotificationSubtype.allCases.map(\.rawValue)
            knownSubtype = NotificationSubtype(rawValue: String(subtype))
            guard knownSubtype != nil else {
                throw LineError(
                    column: token.column,
                    message: Suggestion.appending(
                        to: "unknown notification subtype '\(subtype)' in '\(text)': one of "
                            + subtypes.joined(separator: ", "),
                        word: String(subtype), candidates: subtypes))
            }
        }
        return .notification(type: known, subtype: knownSubtype)
    }
}
