import Foundation
import Testing

@testable import Catalog

#if canImport(Glibc)
    import Glibc
#endif

/// A catalog path that is not a readable file is named in plain words, never as a Foundation
/// error code (issue 11, item 7).
@Suite final class FileProblemTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-fp-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    func message(loading path: String) -> String {
        do {
            _ = try LoadedCatalog.load(contentsOf: path)
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test func directoriesPipesAndMissingFilesAreNamed() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let directory = scratch.appendingPathComponent("folder.storekit").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pipe = scratch.appendingPathComponent("pipe.storekit").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let missing = scratch.appendingPathComponent("missing.storekit").path
        let cases = [
            (directory, "is a directory, not a file"), (pipe, "not a regular file"),
            (missing, "no such file"),
        ]
        for (path, expected) in cases {
            let text = message(loading: path)
            #expect(text.hasPrefix(path) && text.contains(expected), "\(text)")
            #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("permission"), "\(text)")
        }
        let link = scratch.appendingPathComponent("link.storekit").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
        #expect(FileProblem.reading(link)?.contains("is a directory") == true)
        let file = scratch.appendingPathComponent("ok.storekit").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
        #expect(FileProblem.reading(file) == nil)
    }
}
