import Foundation
import Testing

/// Minimal golden-file assertion: compares `actual` with
/// `__Snapshots__/<TestFile>/<name>.txt` beside the test file. When the file is missing, or
/// SNAPSHOT_RECORD=1 is set, it writes the file and records an issue asking for a re-run.
public func assertSnapshot(
    _ actual: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let testFile = URL(fileURLWithPath: filePath)
    let directory = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let snapshot = directory.appendingPathComponent("\(name).txt")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: snapshot, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? actual.write(to: snapshot, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(snapshot.path); re-run to compare.", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record(
            """
            Snapshot \(name) differs.
            --- expected
            \(expected)
            +++ actual
            \(actual)
            """, sourceLocation: sourceLocation)
    }
}
