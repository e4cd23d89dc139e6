import Catalog
import Foundation
import Paywall
import PaywallCatalog
import SourceDiagnostics
import StoreCore
import Synchronization
import TerminalUI

/// Live reload for the running paywall: reads the `.storekit`, its paywall copy and the theme
/// file again when one of them is saved, and hands the paywall what to show. A file with
/// errors contributes its located diagnostics and the last version that read cleanly stays.
public final class LiveReloader: Sendable {
    public let catalogPath: String
    public let themePath: String
    /// The folder of the bundled themes the theme file may inherit from.
    public let bundledThemes: String
    public let locale: String?
    /// Hands a catalog that read cleanly to the store, before the paywall reads the store again
    /// (the simulator sells from it from then on); nil when the store cannot take one (a client
    /// of another process's store, a server). The launcher hands it what opened the store knows
    /// (`OpenedStore.replaceCatalog`, `OpeningStore.replaceCatalog`), so nothing here asks the
    /// store what it is.
    public let updateStore: CatalogReplacement?
    /// The last copy and theme that read without errors.
    private let lastGood: Mutex<(content: PaywallContent, theme: Theme)>

    public init(
        catalogPath: String, themePath: String, bundledThemes: String, locale: String?,
        content: PaywallContent,
        theme: Theme, updateStore: CatalogReplacement? = nil
    ) {
        self.catalogPath = catalogPath
        self.themePath = themePath
        self.bundledThemes = bundledThemes
        self.locale = locale
        self.updateStore = updateStore
        lastGood = Mutex((content, theme))
    }

    /// The files to watch: the catalog, its sidecar (even before it exists) and the theme.
    public var paths: [String] {
        [catalogPath, PaywallCopy.sidecarPath(forCatalogAt: catalogPath), themePath]
    }

    /// Reads every file again; what failed keeps its last good version. A catalog that read
    /// cleanly goes to the store first, so the paywall's next read shows its products.
    public func reload() async -> LiveReload {
        var problems: [String] = []
        var (content, theme) = lastGood.withLock { $0 }
        do {
            let catalog = try LoadedCatalog.load(contentsOf: catalogPath)
            content = PaywallContent(catalog: catalog, locale: locale)
            await updateStore?(catalog)
        } catch {
            problems += Self.lines(error)
        }
        do {
            theme = try Theme.load(path: themePath, bundledThemes: bundledThemes)
        } catch {
            problems += Self.lines(error)
        }
        lastGood.withLock { $0 = (content, theme) }
        return LiveReload(content: content, theme: theme, problems: problems)
    }

    /// Starts watching; each change posts a `.reloaded` event into `inbox`.
    public func watch(posting inbox: Inbox) -> FileWatcher {
        FileWatcher(paths: paths) { [self] _ in inbox.post(.reloaded(await reload())) }
    }

    /// One located line per error (`file:line:col: error: message`), for the banner.
    public static func lines(_ error: CatalogError) -> [String] {
        switch error {
        case .invalid(_, let diagnostics): diagnostics.errors.map(\.description)
        default: ["\(error)"]
        }
    }

    public static func lines(_ error: TerminalUIError) -> [String] {
        switch error {
        case .invalidTheme(_, let diagnostics): diagnostics.errors.map(\.description)
        }
    }
}
