import Foundation
import SharedState
import Signing
import Testing
import kiosk

/// A state directory whose authority has signed but whose ledger is empty or gone is damaged:
/// refused (exit 73) rather than opened as a fresh store that reissues signed IDs (issue 11, item 1).
@Suite final class StateDirectoryHealthTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-health-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }
    var state: String { scratch.appendingPathComponent("state").path }
    var ledger: String { state + "/ledger.sqlite" }

    func store(_ arguments: String...) async -> Int32 {
        await Kiosk.run(["store"] + arguments + ["--catalog", "minimal", "--state", state])
    }

    func rootDER() throws -> [UInt8] {
        try Certificate.read(at: state + "/ca/root.pem").derRepresentation
    }

    @Test func aZeroByteLedgerIsRefusedAndAResetStartsOverWithANewAuthority() async throws {
        #expect(await store("buy", "com.kiosk.minimal.tip") == 0)
        let firstRoot = try rootDER()
        #expect(FileManager.default.createFile(atPath: ledger, contents: Data()))
        #expect(StateDirectory(explicitPath: state).damage()?.contains("empty (0 bytes)") == true)
        #expect(await store("transactions") == 73)
        #expect(await store("buy", "com.kiosk.minimal.tip") == 73)
        #expect(
            try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int == 0, "left untouched")

        #expect(await store("reset") == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter {
            $0.hasPrefix("damaged-")
        }
        #expect(aside.count == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: state + "/" + (aside.first ?? ""))
        #expect(Set(kept).isSuperset(of: ["ca", "ledger.sqlite"]))
        #expect(try rootDER() != firstRoot, "IDs start over only under a new root")
        #expect(await store("buy", "com.kiosk.minimal.tip") == 0)
    }

    @Test func aMissingLedgerIsRefused() async throws {
        #expect(await store("buy", "com.kiosk.minimal.tip") == 0)
        try FileManager.default.removeItem(atPath: ledger)
        #expect(StateDirectory(explicitPath: state).damage()?.contains("missing") == true)
        #expect(await store("transactions") == 73)
    }

    @Test func newAndWholeDirectoriesAreNotDamaged() async throws {
        #expect(StateDirectory(explicitPath: state).damage() == nil, "absent")
        #expect(await store("products") == 0)
        #expect(StateDirectory(explicitPath: state).damage() == nil, "a fresh store")
        // A ledger whose pages still sit in its write-ahead log is whole.
        #expect(FileManager.default.createFile(atPath: ledger, contents: Data()))
        #expect(FileManager.default.createFile(atPath: ledger + "-wal", contents: Data([1, 2, 3])))
        #expect(StateDirectory(explicitPath: state).damage() == nil)
    }
}
