import Foundation
import SourceDiagnostics

/// What `kiosk lint` takes a file for. The name decides for `.storekit` and `.paywall.json`; any
/// other `.json` is judged by its top-level keys, so paywall copy named `copy.json` is not
/// linted as a theme, and the kind assumed is said whenever the name did not decide it.
public enum LintFileKind: Equatable, Sendable {
    case catalog
    case paywallCopy
    case theme

    /// The kind of `path`, and why when its content (not its name) decided it.
    public static func detect(path: String, bytes: [UInt8]) -> (kind: LintFileKind, reason: String?) {
        if path.hasSuffix(".storekit") { return (.catalog, nil) }
        if path.hasSuffix(".paywall.json") { return (.paywallCopy, nil) }
        // Not JSON is a kind of its own answer: it is linted as a theme, whose parser reports
        // where the JSON breaks, and the note below says why it was taken for one.
        let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        guard let keys = object.map({ Set($0.keys) }) else {
            return (.theme, "it is not a JSON object kiosk could read, and a .json file is taken for a theme")
        }
        if let key = ["roles", "inherits"].first(where: keys.contains) {
            return (.theme, "it has \"\(key)\", a theme's key")
        }
        if let key = ["subscriptionGroups", "products", "nonRenewingSubscriptions"].first(
            where: keys.contains)
        {
            return (.catalog, "it has \"\(key)\", a .storekit catalog's key")
        }
        if let key = ["localizations", "defaultLocale", "leadingGroupID"].first(where: keys.contains) {
            return (.paywallCopy, "it has \"\(key)\", paywall copy's key")
        }
        return (
            .theme,
            "it has none of the keys of a catalog or paywall copy, and a .json file is taken for a theme"
        )
    }

    /// The note printed after the file's own diagnostics when the content decided its kind.
    public func note(file: String, reason: String) -> Diagnostic {
        let advice: String
        switch self {
        case .catalog: advice = "; name it NAME.storekit so kiosk --catalog takes it"
        case .paywallCopy: advice = "; name it NAME.paywall.json beside NAME.storekit so the paywall uses it"
        case .theme: advice = ""
        }
        return Diagnostic(
            severity: .warning, location: SourceLocation(file: file, line: 1, column: 1), path: "",
            value: nil,
            message:
                "linted as \(self == .paywallCopy ? "paywall copy" : "a \(self)") because \(reason)\(advice)")
    }
}
