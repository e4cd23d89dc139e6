import Foundation
import StoreCore
import StoreServer

/// Secrets in a state directory that already existed: the token and private keys must be
/// readable by their owner only, whatever a copy or an umask left them with.
extension StateDirectory {
    /// Files only their owner may read: the bearer token, the authority's private keys and
    /// the registered API keys.
    static let secretFiles = [
        StateDirectoryLayout.serverTokenName, StateDirectoryLayout.apiKeysName,
        "\(StateDirectoryLayout.authorityName)/root.key",
        "\(StateDirectoryLayout.authorityName)/intermediate.key",
        "\(StateDirectoryLayout.authorityName)/leaf.pem",
    ]

    /// Sets every secret file readable by others to 0600, and returns one warning per change,
    /// plus one for a directory others may read or write and one for a weak `server-token`. The directory itself is only warned
    /// about: `--state` may name a directory shared on purpose, whose mode is not ours to change.
    public func tightenPermissions() -> [String] {
        var warnings: [String] = []
        if let mode = Self.mode(url.path), mode & 0o077 != 0 {
            warnings.append(
                "the state directory \(url.path) is mode \(Self.octal(mode)): other users can read or replace "
                    + "its keys and token; run chmod 700 \(url.path)")
        }
        for name in Self.secretFiles {
            let path = url.appendingPathComponent(name).path
            guard let mode = Self.mode(path), mode & 0o077 != 0 else { continue }
            do {
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
                warnings.append(
                    "\(path) was mode \(Self.octal(mode)), readable by others: tightened it to 0600")
            } catch {
                warnings.append(
                    "\(path) is mode \(Self.octal(mode)), readable by others: run chmod 600 \(path)")
            }
        }
        let tokenPath = layout.serverToken.path
        // Only a token that can be read can be judged weak; using an unreadable one says why.
        if let text = try? String(contentsOfFile: tokenPath, encoding: .utf8),
            let weakness = ServerToken.weakness(of: text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            warnings.append(
                "the token in \(tokenPath) \(weakness); delete the file and kiosk serve makes a strong one")
        }
        return warnings
    }

    /// The file's permission bits; nil when it cannot be examined (missing: nothing to tighten).
    public static func mode(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)
            .map { $0.intValue & 0o777 }
    }

    private static func octal(_ mode: Int) -> String { "0" + String(mode, radix: 8) }
}
