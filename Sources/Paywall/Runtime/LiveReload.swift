import TerminalUI

/// What a live reload brings: the paywall copy and theme to show, each the last version that
/// read without errors, and the problems of any file that did not (located: `file:line:col`).
/// Store state, selection and overlays are untouched: only what the files describe changes.
public struct LiveReload: Sendable {
    public var content: PaywallContent
    public var theme: Theme
    /// One line per problem, `path:line:column: message`; empty when every file read cleanly.
    public var problems: [String]

    public init(content: PaywallContent, theme: Theme, problems: [String]) {
        self.content = content
        self.theme = theme
        self.problems = problems
    }
}

extension PaywallProgram {
    /// Applies a reload: the new copy (keeping the status line's backend name, which no file
    /// gives), a banner for the problems, and a fresh read of the store in case products changed.
    static func applyReload(_ state: inout AppState, _ reload: LiveReload) -> [Effect] {
        var content = reload.content
        content.backendName = state.content.backendName
        state.content = content
        // An earlier reload's problems are stale now: this reload says what is wrong, if anything.
        state.notices.removeAll { $0.text.hasPrefix(reloadBannerPrefix) }
        if let first = reload.problems.first {
            let more = reload.problems.count > 1 ? " (+\(reload.problems.count - 1) more)" : ""
            state.post(Notice(.error, reloadBannerPrefix + first + more))
        }
        return [.reload]
    }
}

/// How the banner of a failed reload begins, so the next reload can replace it.
let reloadBannerPrefix = "Reload kept the last good version: "
