import Linting
import TestSupport

extension FileLinter {
    /// The checks against the checkout's bundled themes and catalogs, as `kiosk lint` runs them.
    static let bundled = FileLinter(
        bundledThemes: PackageFiles.themesDirectory,
        bundledCatalog: { name in
            ["demo", "shelf", "minimal"].contains(name) ? PackageFiles.catalog(name) : nil
        },
        defaultCatalog: PackageFiles.catalog("demo"))
}
