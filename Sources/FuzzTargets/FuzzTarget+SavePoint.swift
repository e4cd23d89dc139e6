import Foundation
import Simulator

extension FuzzTarget {
    /// Reads the bytes as a save point file (`kiosk state import`'s check: schema, integrity,
    /// storage classes, authority files, every row) from a private temporary file: accepted or
    /// refused with a reason, never a trap, a hang or SQL from the file run. The seed is a real
    /// save point VACUUMed to 512-byte pages, so it fits libFuzzer's 64 KB inputs.
    static func readSavePoint(_ bytes: [UInt8]) -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-fuzz-\(getpid())-\(UUID().uuidString).kiosk")
        // No temporary file, no run: false, which the fuzz tests count as an input that
        // reached nothing (they fail when none does).
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return false }
        defer { unlink(file.path) }
        // A refused save point (with its reason) is the outcome most inputs should reach.
        return (try? SavePoints.check(file)) != nil
    }
}
