import Foundation
import StoreCore

/// The bearer token every wire call carries: kept in `server-token` (mode 0600) in the state
/// directory, made on first start.
public enum ServerToken {
    public static let fileName = StateDirectoryLayout.serverTokenName

    /// The token in `directory`, created (64 hex digits from the system's CSPRNG) if missing.
    public static func loadOrCreate(in directory: URL) throws(StoreServerError) -> String {
        let url = directory.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: url.path) {
            // A token file that is there but cannot be read is not replaced: clients given it
            // would be refused with no clue why.
            let text: String
            do {
                text = try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw .cannotReadToken(url.path, "\(error.localizedDescription)")
            }
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !token.isEmpty { return token }
        }
        let token = generate()
        let created = FileManager.default.createFile(
            atPath: url.path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        guard created else { throw .cannotWriteToken(url.path) }
        return token
    }

    /// Keeps `token` in `directory` (mode 0600), replacing what was there, so clients given the
    /// server's state directory find the token `kiosk serve --token` was started with.
    public static func write(_ token: String, in directory: URL) throws(StoreServerError) {
        let url = directory.appendingPathComponent(fileName)
        let written = FileManager.default.createFile(
            atPath: url.path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        // createFile keeps an existing file's mode: make sure it is private.
        guard written, chmod(url.path, 0o600) == 0 else { throw .cannotWriteToken(url.path) }
    }

    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
            .joined()
    }

    /// Compares in time independent of where the first difference is.
    static func matches(_ presented: String, _ expected: String) -> Bool {
        let a = Array(presented.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }
}
