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

    /// The files of a folder beside this file. A folder that is missing or unreadable throws:
    /// a test reading an empty list would pass on nothing.
    static func files(in folder: String) throws -> [URL] {
        let url = directory.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        return names.sorted().filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
    }

    static func corpus(of target: FuzzTarget) throws -> [[UInt8]] {
        try files(in: "Corpus/\(target.rawValue)").map { try [UInt8](Data(contentsOf: $0)) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAreAcceptedAsTheyAre(target: FuzzTarget) throws {
        let seeds = try Self.corpus(of: target)
        #expect(seeds.count >= 1, "Corpus/\(target.rawValue) holds seeds")
        for (index, seed) in seeds.enumerated() { #expect(target.run(seed), "seed \(index) of \(target)") }
    }

    @Test(arguments: FuzzTarget.allCases)
    func mutationsNeverCrash(target: FuzzTarget) throws {
        let count = Int(Self.environment["KIOSK_FUZZ_ITERATIONS"] ?? "") ?? 2_000
        let seed = UInt64(Self.environment["KIOSK_FUZZ_SEED"] ?? "") ?? 0x4B10_5F11
        var runner = MutationRunner(
            seed: seed ^ UInt64(target.rawValue.utf8.count), corpus: try Self.corpus(of: target))
        let accepted = runner.run(target, count: count, saveDirectory: Self.environment["KIOSK_FUZZ_SAVE"])
        // Mutations mostly break the input, so not all are accepted; but some must be, or the
        // mutations never get past the decoder's first check and fuzz nothing behind it.
        #expect(count == 0 || accepted < count, "\(target): every mutation was accepted")
        #expect(
            count < 100 || accepted > 0, "\(target): no mutation was accepted: nothing reached the decoder")
    }

    @Test func theRunnerIsDeterministic() throws {
        let corpus = try Self.corpus(of: .httpRequest)
        var first = MutationRunner(seed: 7, corpus: corpus)
        var second = MutationRunner(seed: 7, corpus: corpus)
        #expect((0..<50).map { _ in first.next() } == (0..<50).map { _ in second.next() })
    }

    /// Inputs that crashed a decoder once: `Regressions/<target>-<name>.bin`.
    @Test func regressionsStayFixed() throws {
        let regressions = try Self.files(in: "Regressions").filter { $0.pathExtension == "bin" }
        #expect(!regressions.isEmpty, "Regressions/ holds the inputs that once crashed a decoder")
        for file in regressions {
            let name = file.lastPathComponent
            guard let target = FuzzTarget.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }) else {
                Issue.record("\(name): name it <target>-<what>.bin, target one of \(FuzzTarget.allCases)")
                continue
            }
            target.run(try [UInt8](Data(contentsOf: file)))
        }
    }
}
