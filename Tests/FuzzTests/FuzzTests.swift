import Foundation
import FuzzTargets
import Testing

/// Every edge decoder takes the seed corpus and thousands of deterministic mutations of it
/// without a trap, and every input that once crashed one stays fixed (issue 11, "Also build").
///
/// `KIOSK_FUZZ_ITERATIONS` sets the inputs per target (default 2,000, which CI runs);
/// `KIOSK_FUZZ_SEED` another seed; `KIOSK_FUZZ_SAVE=DIR` writes each input before running it,
/// so after a crash `DIR/<target>-last.bin` is the input to add under `Regressions/`.
@Suite struct FuzzTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let environment = ProcessInfo.processInfo.environment

    static func files(in folder: String) -> [URL] {
        let url = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
    }

    static func corpus(of target: FuzzTarget) -> [[UInt8]] {
        files(in: "Corpus/\(target.rawValue)").compactMap { try? [UInt8](Data(contentsOf: $0)) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAreAcceptedAsTheyAre(target: FuzzTarget) {
        let seeds = Self.corpus(of: target)
        #expect(seeds.count >= 1, "Corpus/\(target.rawValue) holds seeds")
        for (index, seed) in seeds.enumerated() { #expect(target.run(seed), "seed \(index) of \(target)") }
    }

    @Test(arguments: FuzzTarget.allCases)
    func mutationsNeverCrash(target: FuzzTarget) {
        let count = Int(Self.environment["KIOSK_FUZZ_ITERATIONS"] ?? "") ?? 2_000
        let seed = UInt64(Self.environment["KIOSK_FUZZ_SEED"] ?? "") ?? 0x4B10_5F11
        var runner = MutationRunner(
            seed: seed ^ UInt64(target.rawValue.utf8.count), corpus: Self.corpus(of: target))
        let accepted = runner.run(target, count: count, saveDirectory: Self.environment["KIOSK_FUZZ_SAVE"])
        // Mutations mostly break the input; some must survive, or the corpus is not reaching the decoder.
        #expect(count == 0 || accepted < count, "\(target): every mutation was accepted")
    }

    @Test func theRunnerIsDeterministic() {
        let corpus = Self.corpus(of: .httpRequest)
        var first = MutationRunner(seed: 7, corpus: corpus)
        var second = MutationRunner(seed: 7, corpus: corpus)
        #expect((0..<50).map { _ in first.next() } == (0..<50).map { _ in second.next() })
    }

    /// Inputs that crashed a decoder once: `Regressions/<target>-<name>.bin`.
    @Test func regressionsStayFixed() {
        for file in Self.files(in: "Regressions") where file.pathExtension == "bin" {
            let name = file.lastPathComponent
            guard let target = FuzzTarget.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }),
                let bytes = try? [UInt8](Data(contentsOf: file))
            else {
                Issue.record("\(name): name it <target>-<what>.bin, target one of \(FuzzTarget.allCases)")
                continue
            }
            target.run(bytes)
        }
    }
}
