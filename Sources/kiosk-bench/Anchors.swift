import Foundation
import Subprocess

/// Anchors measured in the same run as the benchmark they stand beside.
enum Anchors {
    /// OpenSSL's raw P-256 ECDSA rates on one core: `openssl speed -seconds N ecdsap256`.
    static func openSSLECDSAP256(seconds: Int = 3) throws -> (sign: Double, verify: Double) {
        let output = try Subprocess.run(["openssl", "speed", "-seconds", String(seconds), "ecdsap256"])
        // The result row: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  52932.9  17029.6"
        guard
            let row = output.standardOutput.split(separator: "\n").last(where: { $0.contains("nistp256") }),
            case let fields = row.split(separator: " ").compactMap({ Double($0) }), fields.count >= 3,
            let verify = fields.last, case let sign = fields[fields.count - 2]
        else {
            throw BenchmarkFailure(
                "could not read `openssl speed ecdsap256` output:\n\(output.standardOutput)")
        }
        return (sign, verify)
    }

    /// The resident memory of this process now, in megabytes (`VmRSS`).
    static func residentMegabytes() -> Double { statusMegabytes("VmRSS:") }

    /// The peak resident memory of this process so far, in megabytes (`VmHWM`).
    static func peakMemoryMegabytes() -> Double { statusMegabytes("VmHWM:") }

    /// NaN when `/proc/self/status` cannot be read or lacks the field (not Linux): the report
    /// prints "nan", never a 0 MB that would read as a measurement.
    private static func statusMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return .nan }
        return kilobytes / 1024
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
