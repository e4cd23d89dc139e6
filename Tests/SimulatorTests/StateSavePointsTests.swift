import Foundation
import StoreCore
import Testing

@testable import Simulator

/// Save points in a state directory, without a store: where they go, the names a save
/// chooses, which one a load means, and the store a restore puts back.
@Suite struct StateSavePointsTests {
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-state-save-points-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func storeError(_ body: () throws(StoreError) -> Void) -> StoreError? {
        do throws(StoreError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aStoreInMemoryHasNoSavePoints() throws {
        let savePoints = StateSavePoints(ledger: try StoreParts().ledger, wallClock: { StoreParts.wall })
        guard
            case .invalidAction(let words)? = storeError({ () throws(StoreError) in
                _ = try savePoints.save(name: "x", storeTime: StoreParts.wall)
            })
        else {
            Issue.record("a save in memory must be refused as an invalid action")
            return
        }
        #expect(words.contains("--ephemeral"))
    }

    @Test func savesAreNamedAfterTheWallClockAndNeverOverwrite() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let parts = try StoreParts(.directory(directory))
        let savePoints = StateSavePoints(ledger: parts.ledger, wallClock: { StoreParts.wall })
        #expect(try savePoints.save(name: nil, storeTime: parts.now) == "save-20260101-000000")
        #expect(try savePoints.save(name: nil, storeTime: parts.now) == "save-20260101-000000-2")
        #expect(try savePoints.save(name: "named", storeTime: parts.now) == "named")
        #expect(
            FileManager.default.fileExists(atPath: SavePoints.url(named: "named", in: directory).path))
        #expect(savePoints.freeName(in: directory) == "save-20260101-000000-3")
    }

    @Test func aLoadNamesWhatThereIsAndRestoresTheStore() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let parts = try StoreParts(.directory(directory))
        let savePoints = StateSavePoints(ledger: parts.ledger, wallClock: { StoreParts.wall })
        guard
            case .invalidArgument(let none)? = storeError({ () throws(StoreError) in
                _ = try savePoints.checkedForLoad(name: nil)
            })
        else {
            Issue.record("a load with no save point must name the problem")
            return
        }
        #expect(none.contains("no save points"))
        _ = try savePoints.save(name: "first", storeTime: parts.now)
        guard
            case .invalidArgument(let missing)? = storeError({ () throws(StoreError) in
                _ = try savePoints.checkedForLoad(name: "second")
            })
        else {
            Issue.record("a load of a missing save point must list the others")
            return
        }
        #expect(missing.contains("there are: first"))
        let (name, checked) = try savePoints.checkedForLoad(name: nil)
        defer { checked.remove() }
        #expect(name == "first")
        let line = JournalLines.entry(
            scope: nil, result: "loaded save point first", changes: Changeset(), wallTime: StoreParts.wall,
            storeTime: parts.now, activeAccount: "tester")
        let meta = try #require(try savePoints.restore(checked, line: line))
        #expect(meta.identity == parts.state.meta.identity)
        #expect(try parts.journal().last?.result == "loaded save point first")
    }
}
