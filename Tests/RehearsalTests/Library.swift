import Foundation
import Rehearsal

/// The shipped rehearsals (`rehearsals/` at the top of the repository) and an environment that
/// runs them as `kiosk rehearse` does, on bundled catalogs and themes.
enum Library {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let environment = RehearsalEnvironment(
        bundledCatalog: { name in
            let path = root.appendingPathComponent("catalogs/\(name).storekit").path
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }, defaultCatalog: root.appendingPathComponent("catalogs/demo.storekit").path,
        themesDirectory: root.appendingPathComponent("themes").path,
        openStore: { try await RehearsalStore.simulator($0) })

    /// Every rehearsal run by `kiosk rehearse rehearsals` (files starting with `_` are included only).
    static func files() throws -> [String] {
        let folder = root.appendingPathComponent("rehearsals")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".rehearsal") && !$0.hasPrefix("_") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    static func scripts() throws -> [RehearsalScript] {
        try files().map { try RehearsalParser.parse(path: $0).get() }
    }

    /// Everything a run shows that must not change between runs: the report, the store steps'
    /// output and the screenshots, with each JWS's header (its certificate chain) and signature
    /// left out, as they differ by design.
    static func comparable(_ results: [RehearsalResult]) -> String {
        var text =
            RehearsalReport(results: results).text(showingTime: false) + "\n"
            + RehearsalReport(results: results).json()
        for result in results {
            text += "\n" + result.transcript.joined(separator: "\n")
            for shot in result.screenshots { text += "\n[\(shot.name)]\n" + shot.text }
        }
        return withoutSignatures(text)
    }

    /// `header.payload.signature` becomes `….payload.…`.
    static func withoutSignatures(_ text: String) -> String {
        let pattern = /eyJ[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+/
        return text.replacing(pattern) { "….\($0.output.1).…" }
    }
}
