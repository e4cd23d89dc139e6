import Foundation
import StoreCore
import WireProtocol

/// What a server's client can do to retention content: the reviews and the auto-approve
/// setting, on the server's control routes (docs/retention.md). Uploads and the URL go through
/// Apple's management API, which takes the developer's own API key.
extension RemoteStore: RetentionManaging {
    public func manageRetention(_ change: RetentionManagement) async throws(StoreError) -> String {
        switch change {
        case .review(let upload, let id, let rejection):
            let body: [String: String] = rejection.map { ["reject": $0] } ?? [:]
            var bytes = WireCoding.encode(body)
            if rejection == nil { bytes = Array(#"{"approve":true}"#.utf8) }
            let key = id.uuidString.lowercased()
            _ = try await client.send(
                "POST", "/v1/control/retention/\(upload.rawValue)s/\(key)/review", bytes: bytes, headers: [:],
                repeatable: true)
            return rejection.map { "Rejected retention \(upload.rawValue) \(key): \($0)" }
                ?? "Approved retention \(upload.rawValue) \(key)"
        case .autoApprove(let on):
            _ = try await client.send(
                "PUT", "/v1/control/retention/auto-approve", bytes: Array(#"{"on":\#(on)}"#.utf8),
                headers: [:],
                repeatable: true)
            return "Retention auto-approve \(on ? "on" : "off")"
        case .uploadMessage, .uploadImage, .setRealtimeURL, .setDefault, .reviewNextPending:
            throw StoreError.invalidAction(
                "a client of a server reviews retention uploads and sets auto-approve only: upload messages and "
                    + "images, and configure the URL and defaults, with Apple's client against kiosk serve "
                    + "(docs/retention.md), or on a state no other kiosk has open")
        }
    }
}
