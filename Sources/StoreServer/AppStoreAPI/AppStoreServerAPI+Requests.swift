import Foundation
import HTTP
import Simulator
import StoreCore
import WireProtocol

/// Reading Apple's requests: path IDs, repeated query keys, JSON bodies, page tokens.
extension AppStoreServerAPI {
    /// Every `name=value` pair of the query in order; lists arrive as repeated keys.
    static func queryItems(_ request: HTTPRequest) -> [(name: String, value: String)] {
        guard let mark = request.target.firstIndex(of: "?") else { return [] }
        return request.target[request.target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    static func values(_ name: String, in items: [(name: String, value: String)]) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    /// The transaction ID in the path, or Apple's INVALID_TRANSACTION_ID.
    static func transactionID(
        _ parameters: Router.Parameters, _ name: String = "transactionId", invalid: Int = 4_000_006
    )
        throws(StoreServerError) -> UInt64
    {
        guard let text = parameters[name], let id = UInt64(text) else {
            throw .appStoreAPI(
                status: 400, code: invalid, message: "invalid transaction id '\(parameters[name] ?? "")'")
        }
        return id
    }

    /// A visible transaction, or Apple's TRANSACTION_ID_NOT_FOUND (or `notFound`).
    static func transaction(_ id: UInt64, in store: SimulatedStore, notFound: Int = 4_040_010)
        async throws(StoreServerError) -> ServerTransaction
    {
        let found = try await Self.store { () async throws(StoreError) in
            try await store.serverTransaction(id)
        }
        guard let found else {
            throw .appStoreAPI(status: 404, code: notFound, message: "transaction id \(id) not found")
        }
        return found
    }

    /// A JSON body, or Apple's GENERAL_BAD_REQUEST.
    static func body<T: Decodable>(_ type: T.Type, of request: HTTPRequest) throws(StoreServerError) -> T {
        let bytes = request.body.isEmpty ? Array("{}".utf8) : request.body
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            // In the API's terms (the field and the JSON it takes), never the decoder's Swift types.
            throw .appStoreAPI(
                status: 400, code: 4_000_000,
                message: "the body is not the expected JSON: \(WireCoding.describe(error, in: bytes))")
        }
    }

    /// An opaque page token for a position, and back.
    static func pageToken(_ position: Int64) -> String {
        Data("kiosk:\(position)".utf8).base64EncodedString()
    }

    static func position(ofPageToken token: String?, invalid code: Int) throws(StoreServerError) -> Int64 {
        guard let token, !token.isEmpty else { return 0 }
        guard let data = Data(base64Encoded: token), case let text = String(decoding: data, as: UTF8.self),
            text.hasPrefix("kiosk:"), let position = Int64(text.dropFirst(6)), position >= 0
        else {
            throw .appStoreAPI(status: 400, code: code, message: "invalid page token '\(token)'")
        }
        return position
    }

    /// Apple's order IDs are opaque; Kiosk's are the transaction ID in base 36, upper case.
    public static func orderID(of transactionID: UInt64) -> String {
        String(transactionID, radix: 36, uppercase: true)
    }
}

extension Date {
    var appleMilliseconds: Int64 { saturatingMilliseconds }
}
