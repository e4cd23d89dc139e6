import Synchronization

/// Answers of a pure text function kept for the texts it met lately, shared by every thread.
///
/// A paywall lays out the same few texts at the same few widths in frame after frame (its legal
/// terms, its plan rows, in every template and at every size): `kiosk lint --review`'s profile
/// put a fifth of its time in wrapping, measuring and reordering texts it had already handled.
/// Hashing a text costs a fraction of breaking it into grapheme clusters, so each answer is kept
/// once per key. The table holds at most `capacity` answers and is emptied when full: a
/// long-running paywall whose texts keep changing (a clock, a live reload) keeps a bounded table.
final class TextMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let answers = Mutex<[Key: Value]>([:])
    private let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The answer for `key`: the kept one, or `compute`'s (worked out outside the lock, so a
    /// thread laying out another text is never held up by this one).
    func value(for key: Key, compute: (Key) -> Value) -> Value {
        if let known = answers.withLock({ $0[key] }) { return known }
        let value = compute(key)
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = value
        }
        return value
    }
}

/// A text as a memo's key: hashed and compared by its UTF-8 bytes. `String`'s own hashing runs
/// non-ASCII text through Unicode normalization, which cost more than some of the answers kept;
/// two spellings of one text (composed, decomposed) are two keys, each with its right answer.
struct TextKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
}
