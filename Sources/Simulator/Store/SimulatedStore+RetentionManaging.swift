import Foundation
import StoreCore

/// The tester's words for Retention Messaging (`RetentionManaging`) on the simulator: each is
/// the same call Apple's management API makes on `kiosk serve`, so the same checks and
/// journal lines apply.
extension SimulatedStore: RetentionManaging {
    public func manageRetention(_ change: RetentionManagement) async throws(StoreError) -> String {
        do throws(RetentionError) {
            return try manageRetentionNow(change)
        } catch {
            throw StoreError.invalidArgument("\(error)")
        }
    }

    private func manageRetentionNow(_ change: RetentionManagement) throws(RetentionError) -> String {
        switch change {
        case .uploadMessage(let id, let header, let body, let image, let altText):
            let picture = image.map { RetentionMessage.Image(imageIdentifier: $0, altText: altText ?? "") }
            try uploadRetentionMessage(
                id: id, content: RetentionMessage.Content(header: header, body: body, image: picture))
            let state = try retentionMessage(id)?.state.rawValue ?? "PENDING"
            return "Uploaded retention message \(Self.retentionKey(id)) \"\(header)\", \(state)"
        case .uploadImage(let id, let png, let bulletPoint):
            try uploadRetentionImage(id: id, png: png, size: bulletPoint ? .bulletPoint : .fullSize)
            let state = try retentionImages().first { $0.id == id }?.state.rawValue ?? "PENDING"
            return "Uploaded retention image \(Self.retentionKey(id)), \(state)"
        case .setRealtimeURL(let url):
            try setRetentionRealtimeURL(url)
            return "Configured the real-time URL \(url)"
        case .setDefault(let productID, let locale, let messageID):
            try configureRetentionDefault(productID: productID, locale: locale, messageID: messageID)
            return
                "Configured message \(Self.retentionKey(messageID)) as the default for \(productID) in \(locale)"
        case .review(let upload, let id, let rejection):
            return try review(upload, id, rejection)
        case .reviewNextPending(let rejection):
            if let message = try retentionMessages().filter({ $0.state == .pending }).min(by: {
                $0.uploadedAt < $1.uploadedAt
            }) {
                return try review(.message, message.id, rejection)
            }
            if let image = try retentionImages().filter({ $0.state == .pending }).min(by: {
                $0.uploadedAt < $1.uploadedAt
            }) {
                return try review(.image, image.id, rejection)
            }
            throw RetentionError(
                status: 404, code: 0,
                message: "no retention message or image is PENDING: upload one first (docs/retention.md)")
        case .autoApprove(let on):
            try setRetentionAutoApprove(on)
            return "Retention auto-approve \(on ? "on" : "off")"
        }
    }

    private func review(_ upload: RetentionManagement.Upload, _ id: UUID, _ rejection: String?)
        throws(RetentionError) -> String
    {
        let verdict: RetentionReview = rejection.map { .reject(reason: $0) } ?? .approve
        if case .reject(let reason) = verdict, reason.trimmingCharacters(in: .whitespaces).isEmpty {
            throw RetentionError(
                status: 400, code: 0, message: "a rejection needs a reason the developer can act on")
        }
        let name: String
        switch upload {
        case .message:
            try reviewRetentionMessage(id: id, verdict)
            name =
                "message \(Self.retentionKey(id))"
                + (try retentionMessage(id).map { " \"\($0.content.header)\"" } ?? "")
        case .image:
            try reviewRetentionImage(id: id, verdict)
            name = "image \(Self.retentionKey(id))"
        }
        return rejection.map { "Rejected retention \(name): \($0)" } ?? "Approved retention \(name)"
    }
}
