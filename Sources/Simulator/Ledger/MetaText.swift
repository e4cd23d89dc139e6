/// The text of the ledger's `meta` row, made from a template while only the counters change.
///
/// Nearly every action writes the meta row, because a purchase takes the next transaction ID
/// and a notification the next sequence number; JSON-encoding the settings, identity and clock
/// around those two numbers each time cost a purchase about a seventh of the store's serial
/// time (`kiosk-bench serve`). So the row is encoded once per value of everything else, with
/// sentinel numbers where the counters go, and the counters' digits are put in their place.
/// The result is byte for byte what the encoder writes.
struct MetaText {
    /// Numbers no store reaches, each written once in the template (checked when it is made).
    static let transactionSentinel: UInt64 = 8_642_086_420_864_208_642
    static let sequenceSentinel: Int64 = 7_531_975_319_753_197_531

    private struct Template {
        /// The meta with the sentinels as counters: what the template stands for.
        var key: StoreMeta
        /// The text around the counters, in order, and which counter comes first.
        var head: Substring
        var middle: Substring
        var tail: Substring
        var transactionFirst: Bool
    }

    private var template: Template?

    /// The row's text for `meta`; `encode` is the ledger's encoder, used when the template is
    /// stale or cannot be made.
    mutating func text(
        for meta: StoreMeta, encode: (StoreMeta) throws(LedgerError) -> String
    ) throws(LedgerError) -> String {
        var key = meta
        key.nextTransactionID = Self.transactionSentinel
        key.nextNotificationSequence = Self.sequenceSentinel
        if template?.key != key {
            template = Self.makeTemplate(key, text: try encode(key))
        }
        guard let template else { return try encode(meta) }
        let transaction = String(meta.nextTransactionID)
        let sequence = String(meta.nextNotificationSequence)
        let (first, second) = template.transactionFirst ? (transaction, sequence) : (sequence, transaction)
        return template.head + first + template.middle + second + template.tail
    }

    /// Splits the encoded text at the two sentinels; nil unless each occurs exactly once.
    private static func makeTemplate(_ key: StoreMeta, text: String) -> Template? {
        let transaction = String(transactionSentinel)
        let sequence = String(sequenceSentinel)
        let transactionRanges = text.ranges(of: transaction)
        let sequenceRanges = text.ranges(of: sequence)
        guard transactionRanges.count == 1, sequenceRanges.count == 1 else { return nil }
        let (first, second) = (transactionRanges[0], sequenceRanges[0])
        let transactionFirst = first.lowerBound < second.lowerBound
        let (early, late) = transactionFirst ? (first, second) : (second, first)
        return Template(
            key: key, head: text[..<early.lowerBound], middle: text[early.upperBound..<late.lowerBound],
            tail: text[late.upperBound...], transactionFirst: transactionFirst)
    }
}
