import Foundation
import StoreCore

/// The tester's words for Retention Messaging (`RetentionManaging`) on the simulator: each is
/// the same call Apple's management API makes on `kiosk serve`, so the same checks and
/// journal lines apply.
extension RetentionService {
    /// Makes the change and says what it did, in the words a tester reads.
    func manage(_ change: RetentionManagement) throws(RetentionError) -> String {
        switch change {
        case .uploadMessage(let id, let header, let body, let image, let altText):
            let picture = image.map { RetentionMessage.Image(imageIdentifier: $0, altText: altText ?? "") }
            try uploadMessage(
                id: id, content: RetentionMessage.Content(header: header, body: body, image: picture))
            let state = try message(id)?.state.rawValue ?? "PENDING"
            return "Uploaded retention message \(Self.key(id)) \"\(header)\", \(state)"
        case .uploadImage(let id, let png, let bulletPoint):
            try uploadImage(id: id, png: png, size: bulletPoint ? .bulletPoint : .fullSize)
            let state = try images().first { $0.id == id }?.state.rawValue ?? "PENDING"
            return "Uploaded retention image \(Self.key(id)), \(state)"
        case .setRealtimeURL(let url):
            try setRealtimeURL(url)
            return "Configured the real-time URL \(url)"
        case .setDefault(let productID, let locale, let messageID):
            try configureDefault(productID: productID, locale: locale, messageID: messageID)
            return
                "Configured message \(Self.key(messageID)) as the default for \(productID) in \(locale)"
        case .review(let upload, let id, let rejection):
            return try review(upload, id, rejection)
        case .reviewNextPending(let rejection):
            if let message = try self.messages().filter({ $0.state == .pending }).min(by: {
                $0.uploadedAt < $1.uploadedAt
            }) {
                return try review(.message, message.id, rejection)
            }
            if let image = try self.images().filter({ $0.state == .pending }).min(by: {
                $0.uploadedAt < $1.uploadedAt
            }) {
                return try review(.image, image.id, rejection)
            }
            throw RetentionError(
                status: 404, code: 0,
                message: "no retention message or image is PENDING: upload one first (docs/retention.md)")
        case .autoApprove(let on):
            try setAutoApprove(on)
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
            try reviewMessage(id: id, verdict)
            name =
                "message \(Self.key(id))"
                + (try message(id).map { " \"\($0.content.header)\"" } ?? "")
        case .image:
            try reviewImage(id: id, verdict)
            name = "image \(Self.key(id))"
        }
        return rejection.map { "Rejected retention \(name): \($0)" } ?? "Approved retention \(name)"
    }
}
