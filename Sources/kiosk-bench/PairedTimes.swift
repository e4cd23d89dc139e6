/// Two arms of a comparison timed in pairs on a shared, loaded machine: each pair runs both
/// arms back to back, alternating which goes first (whichever goes second measured slower:
/// the first one's store thread and ledger are still being torn down), and the comparison is
/// the median of the pairs' own ratios, so a burst of load that slows one pair moves one ratio
/// instead of one arm's whole median.
struct PairedTimes {
    private(set) var measured: [Double] = []
    private(set) var anchor: [Double] = []

    /// `pairs` pairs of `measured` and `anchor`, each returning the seconds it took.
    static func run(
        pairs: Int, measured: () async throws -> Double, anchor: () async throws -> Double
    ) async throws -> PairedTimes {
        var times = PairedTimes()
        for pair in 0..<pairs {
            if pair.isMultiple(of: 2) {
                times.measured.append(try await measured())
                times.anchor.append(try await anchor())
            } else {
                times.anchor.append(try await anchor())
                times.measured.append(try await measured())
            }
        }
        return times
    }

    var measuredMedian: Double { Self.median(measured) }
    var anchorMedian: Double { Self.median(anchor) }
    /// The median of measured / anchor over the pairs (1.10 is 10 % slower than the anchor).
    var medianRatio: Double { Self.median(zip(measured, anchor).map { $0 / $1 }) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
