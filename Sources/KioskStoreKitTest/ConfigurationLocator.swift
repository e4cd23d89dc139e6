import Catalog
import Foundation
import Synchronization

/// Finds and reads a session's `.storekit` file.
enum ConfigurationLocator {
    /// The file `name` (with or without `.storekit`), looked for as Xcode finds it in the
    /// calling test bundle: first in the calling test target's own resources (SwiftPM's
    /// `<Package>_<Target>.resources` folder beside the test binary, the target told by the
    /// caller's `#filePath`), never in another target's; then beside the calling test file and in
    /// the folders above it up to the package.
    /// - Throws: `SKTestError` `.fileNotFound` naming every place looked in; `.invalidAction`
    ///   naming each file when the name answers more than one (which one was meant is unknown).
    static func find(_ name: String, besides filePath: String) throws -> URL {
        let fileName = name.hasSuffix(".storekit") ? name : name + ".storekit"
        var looked: [String] = []
        let bundles = resourceBundles()
        // Another target's resources are never searched: a file of the same name there is that
        // target's. A target whose folder is not named for it is found beside its files instead.
        let own = ownBundles(bundles, for: filePath)
        let found = own.flatMap { bundle in
            looked.append(bundle.path)
            return files(named: fileName, in: bundle)
        }
        if found.count > 1 {
            throw SKTestError(
                .invalidAction,
                "\(fileName) is ambiguous: " + found.map(\.path).joined(separator: " and ")
                    + " are all in the test target's resources. Give each a name of its own, or pass the one "
                    + "you mean to SKTestSession(contentsOf:).")
        }
        if let file = found.first { return file }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        for _ in 0..<4 {
            for place in [
                folder, folder.appendingPathComponent("Resources"), folder.appendingPathComponent("Fixtures"),
            ] {
                looked.append(place.path)
                let candidate = place.appendingPathComponent(fileName)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        throw SKTestError(
            .fileNotFound,
            "no configuration file \(fileName) in the test's resources or beside \(filePath): looked in "
                + looked.joined(separator: ", ")
                + ". Add it to the test target's resources (resources: [.copy(\"\(fileName)\")]) or put it beside the test."
        )
    }

    /// Every resource bundle beside the test binary (and the main bundle's).
    static func resourceBundles() -> [URL] {
        let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        var bundles: [URL] = []
        for directory in Set([Bundle.main.bundleURL.standardizedFileURL, binary.standardizedFileURL]) {
            // A folder that cannot be listed holds nothing found here; the error lists every place.
            let entries =
                (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil))
                ?? []
            bundles += entries.filter { $0.pathExtension == "resources" || $0.pathExtension == "bundle" }
        }
        return bundles.sorted { $0.path < $1.path }
    }

    /// The bundles of the test target `filePath` belongs to: SwiftPM names a target's
    /// `<Package>_<Target>.resources`, and a test file lives in a folder named for its target
    /// (`Tests/<Target>/...`); the folder nearest the file wins.
    static func ownBundles(_ bundles: [URL], for filePath: String) -> [URL] {
        let folders = URL(fileURLWithPath: filePath).deletingLastPathComponent().pathComponents.reversed()
        for folder in folders where folder != "/" {
            let mine = bundles.filter { $0.deletingPathExtension().lastPathComponent.hasSuffix("_" + folder) }
            if !mine.isEmpty { return mine }
        }
        return []
    }

    /// The files named `fileName` in `bundle`, at its top, in `Contents/Resources`, or in a folder
    /// it copied (`.copy("Fixtures")`), a few levels down.
    static func files(named fileName: String, in bundle: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: bundle, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if walker.level > 4 { walker.skipDescendants() }
            if url.lastPathComponent == fileName { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The catalog at `url`, from a cache while the file is unchanged (sessions are made for
    /// every test, and a catalog is read once).
    static func load(_ url: URL) throws -> LoadedCatalog {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SKTestError(.fileNotFound, "no configuration file at \(url.path)")
        }
        // A file whose date cannot be read is read afresh every time: no cache without a date.
        let stamp =
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? nil
        if let stamp, let cached = cache.withLock({ $0[url.path] }), cached.stamp == stamp {
            return cached.catalog
        }
        do {
            let catalog = try LoadedCatalog.load(contentsOf: url.path)
            cache.withLock { $0[url.path] = (stamp, catalog) }
            return catalog
        } catch {
            throw SKTestError(.unknown, "\(error)")
        }
    }

    private static let cache = Mutex<[String: (stamp: Date?, catalog: LoadedCatalog)]>([:])
}
