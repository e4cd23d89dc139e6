import Catalog
import Foundation
import Paywall
import PaywallCatalog
import SourceDiagnostics
import Synchronization
import TerminalUI

/// Live reload for the running paywall: reads the `.storekit`, its paywall copy and the theme
/// file again when one of them is saved, and hands the paywall what to show. A file with
/// errors contributes its located diagnostics and the last version that read cleanly stays.
final class LiveReloader: Sendable {
    let catalogPath: String
    let themePath: String
    let locale: String?
    /// The last copy and theme that read without errors.
    private let lastGood: Mutex<(content: PaywallContent, theme: Theme)>

    init(catalogPath: String, themePath: String, locale: String?, content: PaywallContent, theme: Theme) {
        self.catalogPath = catalogPath
        self.themePath = themePath
        self.locale = locale
        lastGood = Mutex((content, theme))
    }

    /// The files to watch: the catalog, its sidecar (even before it exists) and the theme.
    var paths: [String] { [catalogPath, PaywallCopy.sidecarPath(forCatalogAt: catalogPath), themePath] }

    /// Reads every file again; what failed keeps its last good version.
    func reload() -> LiveReload {
        var problems: [String] = []
        var (content, theme) = lastGood.withLock { $0 }
        do {
            let catalog = try LoadedCatalog.load(contentsOf: catalogPath)
            content = PaywallContent(catalog: catalog, locale: locale)
        } catch {
            problems += Self.lines(error)
        }
        do {
            theme = try Theme.load(path: themePath, bundledThemes: BundledResources.themesDirectory.path)
        } catch {
            problems += Self.lines(error)
        }
        lastGood.withLock { $0 = (content, theme) }
        return LiveReload(content: content, theme: theme, problems: problems)
    }

    /// Starts watching; each change posts a `.reloaded` event into `inbox`.
    func watch(posting inbox: Inbox) -> FileWatcher {
        FileWatcher(paths: paths) { [self] _ in inbox.post(.reloaded(reload())) }
    }

    /// One located line per error (`file:line:col: error: message`), for the banner.
    static func lines(_ error: CatalogError) -> [String] {
        switch error {
        case .invalid(_, let diagnostics): diagnostics.errors.map(\.description)
        default: ["\(error)"]
        }
    }

    static func lines(_ error: TerminalUIError) -> [String] {
        switch error {
        case .invalidTheme(_, let diagnostics): diagnostics.errors.map(\.description)
        }
    }
}
