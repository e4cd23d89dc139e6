import Catalog
import Foundation
import SourceDiagnostics
import StoreCore
import Subprocess

/// `kiosk-bench catalog`: decodes (parses, validates and models) a generated catalog of
/// 10,000 products in 500 subscription groups, and compares with Python's `json.load` of
/// the same file, measured in the same run.
///
/// The anchor is timed as a process: one Python process loads the file `loads` times and
/// another loads it zero times; their difference divided by `loads` is the time of one load
/// without the interpreter's start-up. Kiosk is timed in-process over as many decodes, file
/// read included on both sides.
enum CatalogBenchmark {
    static let groups = 500
    static let subscriptionsPerGroup = 20
    static let loads = 5

    static func run() async throws -> [BenchmarkResult] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-\(getpid()).storekit")
        // Clean-up of scratch files in the temporary directory: a leftover harms nothing.
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = StoreKitConfigurationEncoder().encodeBytes(makeConfiguration())
        try Data(bytes).write(to: url)
        let megabytes = Double(bytes.count) / 1_000_000
        print(
            "catalog file: \(format(megabytes)) MB, \(groups * subscriptionsPerGroup) products in \(groups) groups"
        )

        // Warm up once (page cache, lazy globals), then check the decode is the real thing.
        let check = StoreKitConfiguration.decode([UInt8](try Data(contentsOf: url)), file: url.path)
        guard check.isValid, let catalog = check.value, catalog.productCount == groups * subscriptionsPerGroup
        else {
            throw BenchmarkError.badCatalog(
                check.diagnostics.prefix(3).map(\.description).joined(separator: "\n"))
        }

        let parse = try measure {
            _ = try JSONDocument(bytes: [UInt8](try Data(contentsOf: url)))
        }
        let decode = try measure {
            _ = StoreKitConfiguration.decode([UInt8](try Data(contentsOf: url)), file: url.path)
        }
        let products = try measure { _ = catalog.products() }
        let anchor = try pythonLoadSeconds(url)

        // Ratios read "how many times the anchor's speed": above 1, Kiosk is faster.
        return [
            BenchmarkResult(
                name: "catalog parse", value: parse * 1000, unit: "ms", anchorName: "python json.load",
                anchorValue: anchor * 1000, higherIsBetter: false),
            BenchmarkResult(
                name: "catalog decode", value: decode * 1000, unit: "ms", anchorName: "python json.load",
                anchorValue: anchor * 1000, higherIsBetter: false),
            BenchmarkResult(
                name: "catalog throughput", value: megabytes / decode, unit: "MB/s",
                anchorName: "python json.load",
                anchorValue: megabytes / anchor, higherIsBetter: true),
            BenchmarkResult(
                name: "catalog products", value: products * 1000,
                unit: "ms for \(groups * subscriptionsPerGroup) products",
                higherIsBetter: false),
        ]
    }

    /// Mean seconds of `loads` runs.
    static func measure(_ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { for _ in 0..<loads { try body() } }
        return seconds(elapsed) / Double(loads)
    }

    /// Seconds per `json.load`, start-up subtracted (see the type's comment).
    static func pythonLoadSeconds(_ url: URL) throws -> Double {
        let script = "import json,sys\nfor _ in range(int(sys.argv[2])):\n    json.load(open(sys.argv[1]))"
        let withLoads = try timeProcess(["python3", "-c", script, url.path, String(loads)])
        let startup = try timeProcess(["python3", "-c", script, url.path, "0"])
        return max(withLoads - startup, 1e-9) / Double(loads)
    }

    /// Wall time of one run of `arguments` (the program looked up on PATH), through `Subprocess`
    /// like every child process of ours.
    static func timeProcess(_ arguments: [String]) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let pid = try Subprocess.spawn(arguments)
        guard Subprocess.wait(pid) == 0 else {
            throw BenchmarkError.anchorFailed(arguments.joined(separator: " "))
        }
        return seconds(clock.now - start)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.2f", value) }

    enum BenchmarkError: Error, CustomStringConvertible {
        case badCatalog(String)
        case anchorFailed(String)

        var description: String {
            switch self {
            case .badCatalog(let problems): "the generated catalog does not decode cleanly:\n\(problems)"
            case .anchorFailed(let command): "the anchor failed: \(command)"
            }
        }
    }
}
