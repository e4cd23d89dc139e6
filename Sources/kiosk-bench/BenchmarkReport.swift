import Foundation

/// One benchmark result beside the anchor measured in the same run, printed as
/// `name: value unit (anchor: value unit, ratio R)`.
struct BenchmarkResult: Sendable {
    var name: String
    var value: Double
    var unit: String
    var anchorName: String?
    var anchorValue: Double?
    var anchorUnit: String?
    /// How the ratio reads: value/anchor when higher is better (rates), anchor/value when
    /// lower is better (times), so a ratio above 1 always means Kiosk is ahead.
    var higherIsBetter: Bool

    var ratio: Double? {
        guard let anchorValue, anchorValue > 0, value > 0 else { return nil }
        return higherIsBetter ? value / anchorValue : anchorValue / value
    }

    var line: String {
        var text = "\(name): \(Self.format(value)) \(unit)"
        if let anchorValue {
            let label = anchorName.map { "anchor \($0)" } ?? "anchor"
            text += " (\(label): \(Self.format(anchorValue)) \(anchorUnit ?? unit)"
            if let ratio { text += ", ratio \(String(format: "%.2f", ratio))" }
            text += ")"
        }
        return text
    }

    static func format(_ value: Double) -> String {
        // Counts (errors, signatures) read as counts: "0", not "0.0000".
        if value == value.rounded(), abs(value) < 1e15 { return String(format: "%.0f", value) }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.4f", value)
    }
}

/// Wall-clock timing for benchmarks (never used in tests).
enum Stopwatch {
    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
