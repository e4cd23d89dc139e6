import Foundation
import StoreCore

/// Who owns a state directory, written by the owner to `owner.json` once its socket
/// answers, for clients' status lines and messages. The lock, not this file, decides
/// ownership: a record left by a killed owner is recognised by its dead process.
public struct OwnerRecord: Codable, Sendable, Equatable {
    static let fileName = StateDirectoryLayout.ownerRecordName

    /// The owner's process ID.
    public var pid: Int32
    /// What it is, as a person would say it: "kiosk (paywall)", "kiosk store", "kiosk serve".
    public var command: String
    public var since: Date
    /// Where `kiosk serve` also listens over TCP, if it does.
    public var url: String?

    public init(pid: Int32 = getpid(), command: String, since: Date = Date(), url: String? = nil) {
        self.pid = pid
        self.command = command
        self.since = since
        self.url = url
    }

    /// "pid 4242 (kiosk serve, since 10:42:07)".
    public var summary: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return "pid \(pid) (\(command), since \(formatter.string(from: since)))"
    }

    /// The record in `directory`, when its process is still alive.
    static func read(in directory: URL) -> OwnerRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let path = directory.appendingPathComponent(fileName).path
        guard StateFileKind(at: path) == .regularFile, let data = FileManager.default.contents(atPath: path),
            // A record that does not decode (half written by a killed owner) names no owner.
            let record = try? decoder.decode(OwnerRecord.self, from: data),
            kill(record.pid, 0) == 0 || errno == EPERM
        else { return nil }
        return record
    }

    /// Writes the record atomically (a temporary file renamed over the old one).
    func write(in directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(
            to: directory.appendingPathComponent(Self.fileName), options: [.atomic])
    }

    /// Removes the record, only when it is a file: never a directory or what a link points to.
    static func remove(in directory: URL) {
        let path = directory.appendingPathComponent(fileName).path
        guard StateFileKind(at: path) == .regularFile else { return }
        unlink(path)
    }

    /// Throws when something Kiosk did not make is where the record goes.
    static func checkPlace(in directory: URL) throws(SharedStateError) {
        let path = directory.appendingPathComponent(fileName).path
        try StateFileKind.require(.regularFile, at: path, makes: "its owner record")
    }
}
