import Simulator

/// What `kiosk retention test` prints: Apple's verdict, the percentiles and the failures by
/// kind, in the words of `PerformanceTestResultResponse`.
extension RetentionLoad.Outcome {
    public func report(target: String) -> String {
        var lines = [
            "\(passed ? "PASS" : "FAIL")  \(target)",
            "  \(succeeded) of \(total) requests answered in time (\(successRate)%; \(config.successRateThreshold)% "
                + "needed within \(config.responseTimeThreshold) ms)",
        ]
        if let times = responseTimes {
            lines.append(
                "  response times: average \(times.average) ms, p50 \(times.p50) ms, p90 \(times.p90) ms, "
                    + "p95 \(times.p95) ms, p99 \(times.p99) ms")
        }
        if unsent > 0 {
            lines.append("  \(unsent) requests not sent: the test's \(config.totalDuration) ms ran out")
        }
        for (kind, count) in failures.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(kind): \(count)")
        }
        return lines.joined(separator: "\n")
    }
}
