import Foundation
import Rehearsal
import Testing

/// The shipped library: every rehearsal passes (CI runs this), and between them they exercise
/// every `kiosk store` action and every key of the paywall and its overlays. One test at a time:
/// they keep a thread of the cooperative pool busy, and the pool has two.
@Suite(.serialized) struct LibraryTests {
    /// One run of the library for both checks: the suite shares two cores with everything else.
    @Test func everyShippedRehearsalPassesAndTogetherTheyExerciseEveryActionAndKey() async throws {
        let scripts = try Library.scripts()
        #expect(scripts.count >= 25, "the library ships at least 25 rehearsals")
        let runner = RehearsalRunner(environment: Library.environment)
        var results: [RehearsalResult] = []
        var covered = RehearsalCoverage()
        for script in scripts {
            let result = await runner.run(script)
            covered.formUnion(result.coverage)
            results.append(result)
        }
        let report = RehearsalReport(results: results)
        #expect(report.failed == 0, "\(report.text())")
        let actions = RehearsalCoverage.allStoreActions.filter { !covered.storeActions.contains($0) }
        let keys = RehearsalCoverage.allKeyActions.filter { !covered.keys.contains($0) }
        #expect(
            actions.isEmpty, "store actions no shipped rehearsal runs: \(actions.joined(separator: ", "))")
        #expect(keys.isEmpty, "keys no shipped rehearsal presses: \(keys.joined(separator: ", "))")
    }

    /// Same files, same bytes: IDs, dates, payloads and screens; only signatures may differ.
    @Test func aHundredRunsGiveTheSameBytes() async throws {
        let names = ["ask-to-buy-approved", "mistake-04-original-api"]
        let scripts = try Library.scripts().filter { names.contains($0.name) }
        #expect(scripts.count == names.count)
        let runner = RehearsalRunner(environment: Library.environment)
        var first: String?
        for run in 0..<100 {
            var results: [RehearsalResult] = []
            for script in scripts { results.append(await runner.run(script)) }
            let text = Library.comparable(results)
            if let first {
                #expect(text == first, "run \(run) differs from the first")
                if text != first { break }
            } else {
                first = text
            }
        }
    }
}
