/// How much of a split a segment takes: a fixed number of cells, a percentage of the whole,
/// or a weighted share of whatever the fixed and percentage segments leave.
public enum Constraint: Hashable, Sendable {
    case fixed(Int)
    case percentage(Int)
    case fill(Int = 1)
}

extension Constraint {
    /// Sizes for `constraints` sharing `total` cells with `spacing` between segments.
    ///
    /// Fixed and percentage segments are served first, in order, and shrink from the last one
    /// when they overflow (a tiny terminal must still lay out); fills share the rest by weight,
    /// the rounding remainder going to the earliest fills so the sizes always add up.
    public static func sizes(for constraints: [Constraint], total: Int, spacing: Int = 0) -> [Int] {
        guard !constraints.isEmpty else { return [] }
        let available = max(0, total - spacing * (constraints.count - 1))
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .fixed(let cells): max(0, cells)
            case .percentage(let percent): max(0, available * min(100, percent) / 100)
            case .fill: 0
            }
        }
        var overflow = sizes.reduce(0, +) - available
        var index = sizes.count - 1
        while overflow > 0, index >= 0 {
            let cut = min(sizes[index], overflow)
            sizes[index] -= cut
            overflow -= cut
            index -= 1
        }
        let remaining = max(0, available - sizes.reduce(0, +))
        let weights = constraints.map { if case .fill(let weight) = $0 { max(0, weight) } else { 0 } }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return sizes }
        var leftover = remaining
        for (offset, weight) in weights.enumerated() where weight > 0 {
            sizes[offset] = remaining * weight / totalWeight
            leftover -= sizes[offset]
        }
        for (offset, weight) in weights.enumerated() where weight > 0 && leftover > 0 {
            sizes[offset] += 1
            leftover -= 1
        }
        return sizes
    }
}
