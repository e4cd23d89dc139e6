import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Simulator
import SourceDiagnostics
import StoreCore
import Synchronization
import TerminalUI

/// Live reload for the running paywall: reads the `.storekit`, its paywall copy and the theme
/// file again when one of them is saved, and hands the paywall what to show. A file with
/// errors contributes its located diagnostics and the last version that read cleanly stays.
final class LiveReloader: Sendable {
    let catalogPath: String
    let themePath: String
    let locale: String?
    /// Hands a catalog that read cleanly to the store, before the paywall reads the store again
    /// (the simulator sells from it from then on); nil when the store cannot take one (a client
    /// of another process's store, a server).
    let updateStore: (@Sendable (LoadedCatalog) async -> Void)?
    /// The last copy and theme that read without errors.
    private let lastGood: Mutex<(content: PaywallContent, theme: Theme)>

    init(
        catalogPath: String, themePath: String, locale: String?, content: PaywallContent, theme: Theme,
        updateStore: (@Sendable (LoadedCatalog) async -> Void)? = nil
    ) {
        self.catalogPath = catalogPath
        self.themePath = themePath
        self.locale = locale
        self.updateStore = updateStore
        lastGood = Mutex((content, theme))
    }

    /// The files to watch: the catalog, its sidecar (even before it exists) and the theme.
    var paths: [String] { [catalogPath, PaywallCopy.sidecarPath(forCatalogAt: catalogPath), themePath] }

    /// Reads every file again; what failed keeps its last good version. A catalog that read
    /// cleanly goes to the store first, so the paywall's next read shows its products.
    func reload() async -> LiveReload {
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
            theme = try Theme.load(path: themePath, bundledThemes: BundledResources.themesDirectory.path)
        } catch {
            problems += Self.lines(error)
        }
        lastGood.withLock { $0 = (content, theme) }
        return LiveReload(content: content, theme: theme, problems: problems)
    }

    /// What hands a reloaded catalog to `store`: the simulator this process runs (ephemeral, or
    /// the owner of a state directory) takes it; a client's or a server's store cannot, and keeps
    /// the products it was opened with.
    static func catalogUpdater(for store: any Store & StoreControl) -> (
        @Sendable (LoadedCatalog) async -> Void
    )? {
        if let simulator = store as? SimulatedStore { return { await simulator.replaceCatalog($0) } }
        // The paywall paints while its store opens: the store behind it is known only once open
        // (this process's simulator when it owns the state; a client's store cannot take one).
        if let opening = store as? OpeningStore {
            return { catalog in
                // A failed open has no catalog to replace; the paywall reports the failure itself.
                guard let simulator = try? await opening.opened().store as? SimulatedStore else { return }
                await simulator.replaceCatalog(catalog)
            }
        }
        return nil
    }

    /// Starts watching; each change posts a `.reloaded` event into `inbox`.
    func watch(posting inbox: Inbox) -> FileWatcher {
        FileWatcher(paths: paths) { [self] _ in inbox.post(.reloaded(await reload())) }
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
