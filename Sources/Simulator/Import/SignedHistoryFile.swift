import Foundation
import Signing

/// Where an imported JWS came from: a file and the line it starts on (1-based).
public struct HistorySourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var description: String { "\(file):\(line)" }
}

/// Why an import was refused: where, and what to do about it. Nothing is imported then.
public struct HistoryImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: HistorySourceLocation?
    public var message: String

    init(_ message: String, at location: HistorySourceLocation? = nil) {
        self.location = location
        self.message = message
    }

    public var description: String { location.map { "\($0): \(message)" } ?? message }
}

/// One JWS found in a file, and what the file's shape says it holds.
struct SignedHistoryItem: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case transaction, renewalInfo, notification
    }

    var kind: Kind
    var jws: String
    var location: HistorySourceLocation
}

/// Reads the files a developer has about one customer, in any of the shapes Apple's servers
/// give them: the JSON bodies of Get Transaction History, Get All Subscription Statuses, Get
/// Transaction Info, Look Up Order ID, Get Refund History and Get Notification History;
/// notification V2 request bodies
/// (one, or one per line as a webhook log keeps them); bare JWS, one per line, as an app logs
/// `jwsRepresentation`.
enum SignedHistoryFile {
    static let shapes =
        "a JSON body with \"signedTransactions\" (transaction history, order lookup, refund history), "
        + "\"data\" (subscription statuses), \"signedTransactionInfo\" (transaction info), "
        + "\"notificationHistory\" (notification history) or \"signedPayload\" (a notification), one such "
        + "body per line, or one JWS per line"

    static func read(_ url: URL) throws(HistoryImportError) -> [SignedHistoryItem] {
        let name = url.path
        guard FileManager.default.fileExists(atPath: name) else {
            throw HistoryImportError("no such file \(name): check the path")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw HistoryImportError("cannot read \(name) (\((error as NSError).localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw HistoryImportError("\(name) is not UTF-8 text: give \(shapes)")
        }
        // Read as bytes: a webhook log of thousands of 4 KB lines is one pass, not Characters.
        let bytes = [UInt8](data)
        guard let first = bytes.first(where: { !isSpace($0) }) else {
            throw HistoryImportError("\(name) is empty: give \(shapes)")
        }
        // One JSON body for the whole file (pretty-printed or not), else one item per line: a
        // file that is not one JSON value is read line by line, where each line's error is told.
        if first == UInt8(ascii: "{"), let object = try? JSONSerialization.jsonObject(with: data) {
            return try items(in: object, text: text, file: name, line: 1)
        }
        var found: [SignedHistoryItem] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            guard let start = line.firstIndex(where: { !isSpace($0) }),
                let end = line.lastIndex(where: { !isSpace($0) })
            else { continue }
            let content = String(decoding: line[start...end], as: UTF8.self)
            let location = HistorySourceLocation(file: name, line: index + 1)
            if line[start] == UInt8(ascii: "{") {
                // A line that starts a JSON body but does not parse was cut short or edited.
                guard let object = try? JSONSerialization.jsonObject(with: Data(line[start...end])) else {
                    throw HistoryImportError(
                        "this line is not whole JSON (truncated?): give \(shapes)", at: location)
                }
                found += try items(in: object, text: content, file: name, line: index + 1)
            } else {
                let parts = jwsParts(content)
                guard parts == 3 else {
                    throw HistoryImportError(
                        parts > 0
                            ? "this JWS has \(parts) of its 3 parts (cut short?): copy the whole line again"
                            : "this line is neither JSON nor a JWS (three base64url parts joined by dots): give \(shapes)",
                        at: location)
                }
                found.append(SignedHistoryItem(kind: kind(ofBare: content), jws: content, location: location))
            }
        }
        return found
    }

    /// The JWS of one JSON body, each at the line of `text` (starting at `line`) it is written on.
    private static func items(in object: Any, text: String, file: String, line: Int)
        throws(HistoryImportError)
        -> [SignedHistoryItem]
    {
        let start = HistorySourceLocation(file: file, line: line)
        let lines = LineLocator(text)
        guard let body = object as? [String: Any] else {
            throw HistoryImportError("the JSON is not an object: give \(shapes)", at: start)
        }
        func item(_ kind: SignedHistoryItem.Kind, _ value: Any?, field: String) throws(HistoryImportError)
            -> SignedHistoryItem
        {
            guard let jws = value as? String else {
                throw HistoryImportError("\"\(field)\" is not a string (a JWS)", at: start)
            }
            return SignedHistoryItem(
                kind: kind, jws: jws,
                location: HistorySourceLocation(file: file, line: line + lines.offset(of: jws)))
        }
        if let list = body["signedTransactions"] {
            guard let list = list as? [Any] else {
                throw HistoryImportError("\"signedTransactions\" is not an array of JWS", at: start)
            }
            var found: [SignedHistoryItem] = []
            for (index, value) in list.enumerated() {
                found.append(try item(.transaction, value, field: "signedTransactions[\(index)]"))
            }
            return found
        }
        if let groups = body["data"] {
            return try statuses(groups, item: item, at: start)
        }
        if let value = body["signedTransactionInfo"] {
            return [try item(.transaction, value, field: "signedTransactionInfo")]
        }
        if let list = body["notificationHistory"] {
            // Get Notification History: each item's `signedPayload`, with its send attempts.
            guard let list = list as? [Any] else {
                throw HistoryImportError("\"notificationHistory\" is not an array", at: start)
            }
            var found: [SignedHistoryItem] = []
            for (index, entry) in list.enumerated() {
                let field = "notificationHistory[\(index)]"
                guard let entry = entry as? [String: Any] else {
                    throw HistoryImportError("\(field) is not an object", at: start)
                }
                found.append(try item(.notification, entry["signedPayload"], field: "\(field).signedPayload"))
            }
            return found
        }
        if let value = body["signedPayload"] {
            return [try item(.notification, value, field: "signedPayload")]
        }
        let keys = body.keys.sorted().prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        throw HistoryImportError(
            "a JSON object with \(keys.isEmpty ? "no keys" : keys) is none of the shapes: give \(shapes)",
            at: start)
    }

    /// Get All Subscription Statuses: `data[].lastTransactions[]`, each a transaction and its renewal info.
    private static func statuses(
        _ groups: Any,
        item: (SignedHistoryItem.Kind, Any?, String) throws(HistoryImportError) -> SignedHistoryItem,
        at start: HistorySourceLocation
    ) throws(HistoryImportError) -> [SignedHistoryItem] {
        guard let groups = groups as? [Any] else {
            throw HistoryImportError("\"data\" is not an array of subscription groups", at: start)
        }
        var found: [SignedHistoryItem] = []
        for (groupIndex, group) in groups.enumerated() {
            guard let group = group as? [String: Any], let last = group["lastTransactions"] as? [Any] else {
                throw HistoryImportError("data[\(groupIndex)] has no \"lastTransactions\" array", at: start)
            }
            for (index, entry) in last.enumerated() {
                let field = "data[\(groupIndex)].lastTransactions[\(index)]"
                guard let entry = entry as? [String: Any] else {
                    throw HistoryImportError("\(field) is not an object", at: start)
                }
                found.append(
                    try item(.transaction, entry["signedTransactionInfo"], "\(field).signedTransactionInfo"))
                if let renewal = entry["signedRenewalInfo"] {
                    found.append(try item(.renewalInfo, renewal, "\(field).signedRenewalInfo"))
                }
            }
        }
        return found
    }

    /// Finds how many lines into a JSON text each of its JWS is written. The JWS are asked for in
    /// the order the text holds them, so each search starts where the last one ended: a page of
    /// thousands costs one pass over the text, not one per JWS.
    private final class LineLocator {
        let text: String
        var cursor: String.Index
        var linesBeforeCursor = 0

        init(_ text: String) {
            self.text = text
            cursor = text.startIndex
        }

        /// 0 when the JWS is not written verbatim (JSON may escape slashes, which a JWS never
        /// holds, so it always is).
        func offset(of jws: String) -> Int {
            if let range = text.range(of: jws, range: cursor..<text.endIndex) {
                linesBeforeCursor += newlines(cursor..<range.lowerBound)
                cursor = range.upperBound
                return linesBeforeCursor
            }
            // Out of order (a repeated JWS): one search from the start.
            guard let range = text.range(of: jws) else { return 0 }
            return newlines(text.startIndex..<range.lowerBound)
        }

        private func newlines(_ range: Range<String.Index>) -> Int {
            text.utf8[range].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
    }

    /// What a bare JWS holds, told by its payload's fields (an app logs transactions and renewal
    /// infos alike; a server logs notifications' `signedPayload`). One that cannot be read is
    /// taken as a transaction, whose decoding then says what is wrong with it.
    private static func kind(ofBare jws: String) -> SignedHistoryItem.Kind {
        // Bytes, not Characters (a log of thousands of lines), decoded by the JWS's own base64.
        let parts = Array(jws.utf8).split(
            separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        // Unreadable: decoded as a transaction below, which reports the problem at its line.
        guard let bytes = parts[1].withUnsafeBufferPointer({ Base64.decode(bytes: $0, .url) }),
            let fields = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        else { return .transaction }
        if fields["notificationType"] != nil { return .notification }
        if fields["transactionId"] == nil && fields["autoRenewStatus"] != nil { return .renewalInfo }
        return .transaction
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    /// How many base64url parts joined by dots `text` is made of (0: it holds other characters).
    private static func jwsParts(_ text: String) -> Int {
        // Bytes, not Characters: a log of thousands of 4 KB lines is read in one pass each.
        var parts = 1
        var partIsEmpty = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                if partIsEmpty { return 0 }
                parts += 1
                partIsEmpty = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                partIsEmpty = false
            default:
                return 0
            }
        }
        return partIsEmpty ? 0 : parts
    }
}
