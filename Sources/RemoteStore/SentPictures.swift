import Foundation
import Signing
import StoreCore
import Synchronization
import WireProtocol

/// The screen pictures this client's sessions have handed the server. A picture is kilobytes
/// (up to 14 KB of base64) and most calls are made from a screen whose picture the session sent
/// already: such a call sends the picture's digest alone (`Kiosk-Picture-Digest`), and the
/// server, which keeps each session's last picture, puts the picture back before the journal
/// reads it. A picture is left out only once the server said it keeps it (its answer echoes
/// the digest), so a server that keeps none (an older `kiosk serve`) still gets every picture.
final class SentPictures: Sendable {
    /// Per session, the digest of the picture the server said it keeps. One entry per session
    /// this process speaks for (one paywall run, one CLI invocation): a handful.
    private let kept = Mutex<[String: String]>([:])

    /// The journal headers of a call made with `journal`: no picture on a read (a read is not
    /// journaled), and the digest instead of the picture when the server keeps that one
    /// already, unless `resending` it because the server said it does not.
    func headers(for journal: JournalContext, method: String, resending: Bool) -> [String: String] {
        var headers = journal.headers
        guard method != "GET", let encoded = headers[JournalContext.pictureHeader] else {
            headers[JournalContext.pictureHeader] = nil
            return headers
        }
        let digest = Digest.sha256Hex(encoded)
        if !resending, kept.withLock({ $0[journal.session] }) == digest {
            headers[JournalContext.pictureHeader] = nil
        }
        headers[JournalContext.pictureDigestHeader] = digest
        return headers
    }

    /// What the server answered: the digest of the picture it now keeps for the session, if it
    /// said (nil leaves the session's memory as it was: a read, or a server that keeps none).
    func serverKeeps(_ digest: String?, session: String) {
        guard let digest else { return }
        kept.withLock { $0[session] = digest }
    }

    /// The server does not keep the session's picture (a new owner took the state over, or it
    /// forgot the session): the next call sends the picture again.
    func forget(session: String) { kept.withLock { $0[session] = nil } }
}
