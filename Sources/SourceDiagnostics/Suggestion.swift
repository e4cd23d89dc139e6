/// "Did you mean" suggestions by edit distance, for every file format Kiosk lints.
public enum Suggestion {
    /// The candidate closest to `word` (ignoring case), when within `limit` edits; the default
    /// limit, a third of the word's length but at least 2, still reads as a typo.
    public static func closest(to word: String, in candidates: [String], limit: Int? = nil) -> String? {
        let limit = limit ?? max(2, word.count / 3)
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `message` plus "; did you mean 'x'?" when there is a close candidate.
    public static func appending(to message: String, word: String, candidates: [String]) -> String {
        guard let match = closest(to: word, in: candidates) else { return message }
        return message + "; did you mean '\(match)'?"
    }

    /// Levenshtein distance over characters. With a `limit`, gives up (returning `limit + 1`)
    /// as soon as the distance must exceed it, so checking a word against many candidates
    /// stays cheap.
    public static func distance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        let cap = limit == .max ? limit : limit + 1
        guard abs(left.count - right.count) <= limit else { return cap }
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            // Every later row is at least this row's minimum.
            guard rowMinimum <= limit else { return cap }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
