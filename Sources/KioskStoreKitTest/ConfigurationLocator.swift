import Catalog
import Foundation
import Synchronization

/// Finds and reads a session's `.storekit` file.
enum ConfigurationLocator {
    /// The file `name` (with or without `.storekit`), looked for as Xcode would find it in a
    /// test bundle: in the test target's resources (SwiftPM's `*.resources` folders beside the
    /// test binary), beside the calling test file, and in the folders above it up to the package.
    static func find(_ name: String, besides filePath: String) throws -> URL {
        let fileName = name.hasSuffix(".storekit") ? name : name + ".storekit"
        var places: [URL] = []
        let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        for directory in [Bundle.main.bundleURL, binary] {
            // A folder that cannot be listed holds nothing found here; the error lists every place.
            let entries =
                (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil))
                ?? []
            for bundle in entries
            where bundle.pathExtension == "resources" || bundle.pathExtension == "bundle" {
                places.append(bundle)
                places.append(bundle.appendingPathComponent("Contents/Resources"))
            }
        }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        for _ in 0..<4 {
            places.append(folder)
            places.append(folder.appendingPathComponent("Resources"))
            places.append(folder.appendingPathComponent("Fixtures"))
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        for place in places {
            let candidate = place.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw SKTestError(
            .fileNotFound,
            "no configuration file \(fileName) in the test's resources or beside \(filePath): looked in "
                + places.map(\.path).joined(separator: ", ")
                + ". Add it to the test target's resources (resources: [.copy(\"\(fileName)\")]) or put it beside the test."
        )
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
