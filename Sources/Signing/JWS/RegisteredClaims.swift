import Foundation

/// The registered JWT claims Apple's library (through PyJWT) validates when a payload carries
/// them: any `aud` (none is expected), an `exp` that has passed, an `nbf` still ahead. App Store
/// payloads carry none, so a payload that does is rejected, as Apple's library would.
enum RegisteredClaims {
    private static let markers = [#""aud""#, #""exp""#, #""nbf""#].map { Array($0.utf8) }

    /// Why the payload's registered claims make it unacceptable at `now`, or nil.
    static func violation(in payload: [UInt8], now: Date) -> String? {
        // Almost every payload has none of the three quoted names anywhere: skip the JSON parse.
        // A payload that is not a JSON object has no claims to break here; decoding it as the
        // payload type fails next, with its own error.
        guard markers.contains(where: { contains(payload, $0) }),
            let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
        else { return nil }
        if object["aud"] != nil {
            return
                "the payload carries the JWT claim \"aud\"; App Store payloads have none and Apple's library "
                + "rejects it"
        }
        let seconds = now.timeIntervalSince1970
        if let exp = (object["exp"] as? NSNumber)?.doubleValue, exp <= seconds {
            return "the payload's JWT claim \"exp\" (\(Int(exp))) has passed"
        }
        if let nbf = (object["nbf"] as? NSNumber)?.doubleValue, nbf > seconds {
            return "the payload's JWT claim \"nbf\" (\(Int(nbf))) is still in the future"
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
