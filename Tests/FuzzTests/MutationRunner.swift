import Foundation
import FuzzTargets
import TestSupport

/// A seeded mutation fuzzer for toolchains without libFuzzer (and for CI, where it runs a
/// bounded number of inputs): each input is a corpus seed with one to four mutations in the
/// manner of libFuzzer's (bit flips, interesting bytes, deletions, duplications, dictionary
/// tokens, splices, truncation).
struct MutationRunner {
    static let maximumLength = 64 * 1024
    /// Tokens that tend to reach deeper code than random bytes: JSON and HTTP syntax, numbers
    /// at the edges of what types hold, and text encodings' troublemakers.
    static let dictionary: [[UInt8]] =
        [
            "{", "}", "[", "]", "\"", ":", ",", "null", "true", "false", "-1", "0", "-0", "1e308", "-1e308",
            "1e-400", "9223372036854775807", "9223372036854775808", "18446744073709551616", "0.5", "NaN",
            "\\u0000", "\\ud800", "\\", "\r\n", "\r\n\r\n", "\n", "Content-Length: ",
            "Transfer-Encoding: chunked",
            "ffffffffffffffff", "0\r\n\r\n", "HTTP/1.1", " ", "%00", "%", ".", "..", "=", "P9999Y", "P0D",
            "\"version\":{\"major\":1,\"minor\":0}", "\"inherits\":\"default\"", "#zzzzzz", "256", "\u{FEFF}",
            "é", "👍🏽", "\u{202E}",
        ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xF0, 0x9F], [0x80], [0x7F]]

    var random: SplitMix64
    let corpus: [[UInt8]]

    init(seed: UInt64, corpus: [[UInt8]]) {
        random = SplitMix64(seed: seed)
        self.corpus = corpus.isEmpty ? [[]] : corpus
    }

    private mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }

    /// The next input: a seed, mutated.
    mutating func next() -> [UInt8] {
        var bytes = corpus[below(corpus.count)]
        for _ in 0...below(4) { mutate(&bytes) }
        if bytes.count > Self.maximumLength { bytes.removeLast(bytes.count - Self.maximumLength) }
        return bytes
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let position = below(bytes.count + 1)
        switch below(8) {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(below(8))
        case 1 where !bytes.isEmpty:
            let interesting: [UInt8] = [0, 0xFF, 0x7F, 0x80, 0x22, 0x5C, 0x0A, 0x0D, 0x30, 0x39]
            bytes[min(position, bytes.count - 1)] = interesting[below(interesting.count)]
        case 2:
            let length = below(min(64, bytes.count - position) + 1)
            bytes.removeSubrange(position..<(position + length))
        case 3:
            let length = below(min(256, bytes.count - position) + 1)
            let chunk = Array(bytes[position..<(position + length)])
            bytes.insert(contentsOf: chunk, at: below(bytes.count + 1))
        case 4, 5:
            bytes.insert(contentsOf: Self.dictionary[below(Self.dictionary.count)], at: position)
        case 6:
            let other = corpus[below(corpus.count)]
            bytes = Array(bytes[..<position]) + Array(other[below(other.count + 1)...])
        default:
            bytes.removeSubrange(position...)
        }
    }

    /// Runs `count` inputs through `target`; returns how many the decoder accepted. With
    /// `saveDirectory`, each input is written there first, so the one a crash leaves behind is
    /// the input to turn into a regression.
    mutating func run(_ target: FuzzTarget, count: Int, saveDirectory: String? = nil) -> Int {
        var accepted = 0
        for _ in 0..<count {
            let input = next()
            if let saveDirectory {
                // Best effort: the last input, kept to reproduce a crash.
                _ = FileManager.default.createFile(
                    atPath: saveDirectory + "/\(target.rawValue)-last.bin", contents: Data(input))
            }
            if target.run(input) { accepted += 1 }
        }
        return accepted
    }
}
