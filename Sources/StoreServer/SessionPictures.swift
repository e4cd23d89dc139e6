import Foundation
import HTTP
import Signing
import StoreCore
import Synchronization
import WireProtocol

/// The last screen picture each client session sent (`Kiosk-Picture`), so that the session's
/// calls from an unchanged screen need send only its digest (`Kiosk-Picture-Digest`): the
/// picture is put back into the request before any route reads the call's journal context, so
/// the journal, and the QA report made from it, hold every step's picture as if it had been
/// sent each time. At most `limit` sessions are kept, the one heard from longest ago forgotten
/// first; a call naming a picture no longer kept is refused before it runs
/// (`WireError.pictureUnknown`) and the client sends it again with the picture.
final class SessionPictures: Sendable {
    /// Sessions kept: paywalls and CLI invocations of one QA session are a few; a picture is at
    /// most 14 KB, so this is at most about 1 MB.
    static let limit = 64

    private struct Kept {
        var digest: String
        var picture: String
    }

    /// The pictures by session, and the sessions from the one heard from longest ago.
    private let state = Mutex<(bySession: [String: Kept], order: [String])>(([:], []))

    /// What a request resolves to: the request as the routes read it, with the digest of the
    /// picture now kept for its session (the answer echoes it) when it carried or named one.
    struct Resolved {
        var request: HTTPRequest
        var keptDigest: String?
    }

    /// `request` with its session's picture in place; nil when it names a picture by a digest
    /// this server does not keep.
    func resolve(_ request: HTTPRequest) -> Resolved? {
        guard let session = request.headers[JournalContext.sessionHeader], !session.isEmpty else {
            return Resolved(request: request, keptDigest: nil)
        }
        if let picture = request.headers[JournalContext.pictureHeader] {
            let digest = Digest.sha256Hex(picture)
            remember(Kept(digest: digest, picture: picture), for: session)
            return Resolved(request: request, keptDigest: digest)
        }
        guard let named = request.headers[JournalContext.pictureDigestHeader] else {
            return Resolved(request: request, keptDigest: nil)
        }
        let kept: Kept? = state.withLock { state in
            guard let kept = state.bySession[session], kept.digest == named else { return nil }
            state.order.removeAll { $0 == session }
            state.order.append(session)
            return kept
        }
        guard let kept else { return nil }
        var resolved = request
        resolved.headers.set(JournalContext.pictureHeader, kept.picture)
        return Resolved(request: resolved, keptDigest: kept.digest)
    }

    private func remember(_ kept: Kept, for session: String) {
        state.withLock { state in
            state.order.removeAll { $0 == session }
            state.order.append(session)
            state.bySession[session] = kept
            while state.order.count > Self.limit { state.bySession[state.order.removeFirst()] = nil }
        }
    }

    /// The refusal of a call that names a picture this server does not keep.
    static var unknownPicture: WireError {
        WireError(
            errorCode: WireError.pictureUnknown,
            errorMessage: "this server keeps no picture with the \(JournalContext.pictureDigestHeader) "
                + "given: send the call again with its \(JournalContext.pictureHeader)")
    }
}
