import Foundation
import TerminalUI

/// A terminal backend that records what it draws as an asciinema asciicast v2 file while
/// passing everything on to the terminal it wraps (`kiosk --record FILE.cast`). Each frame is
/// written as the ANSI output that turns the previous frame into it (``ScreenExport/ansiUpdate(from:)``),
/// so replaying the file in any terminal emulator ends on the screen the paywall drew.
public final class RecordingTerminal<Base: TerminalBackend>: TerminalBackend {
    public let base: Base
    private let file: FileHandle
    private let start: ContinuousClock.Instant
    private var previous: Buffer?
    private var ended = false

    /// Creates (or truncates) `path` and writes the header for the base terminal's size.
    /// - Throws: an error naming the file when it cannot be created.
    public init(_ base: Base, path: String, now: Date = Date()) throws(RecordingError) {
        self.base = base
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else {
            throw RecordingError(
                message: "cannot create the recording \(path): check the directory exists and is writable")
        }
        self.file = file
        start = .now
        let header = Asciicast.header(
            size: base.size, timestamp: Int(now.timeIntervalSince1970), title: "kiosk")
        write(header)
        // The cursor stays hidden, as the paywall hides it.
        write(Asciicast.output("\u{1B}[?25l", at: 0))
    }

    public var size: Size { base.size }

    public func draw(_ buffer: Buffer) {
        base.draw(buffer)
        let elapsed = seconds()
        if let previous, previous.size != buffer.size { write(Asciicast.resize(buffer.size, at: elapsed)) }
        let output = ScreenExport(buffer).ansiUpdate(from: previous)
        if !output.isEmpty { write(Asciicast.output(output, at: elapsed)) }
        previous = buffer
    }

    public func setCursor(_ position: Point?) { base.setCursor(position) }

    public func readKey(timeoutMilliseconds: Int32) -> Key? {
        base.readKey(timeoutMilliseconds: timeoutMilliseconds)
    }

    public func invalidate() {
        base.invalidate()
        previous = nil
    }

    /// A marker in the recording (a rehearsal's caption or step): players list them as chapters.
    public func mark(_ label: String) {
        write(Asciicast.marker(label, at: seconds()))
    }

    public func end() {
        base.end()
        guard !ended else { return }
        ended = true
        write(Asciicast.output(Asciicast.restore, at: seconds()))
        try? file.synchronize()
    }

    private func write(_ line: String) {
        try? file.write(contentsOf: Data((line + "\n").utf8))
    }

    private func seconds() -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    deinit { try? file.close() }
}

/// Why a recording could not start.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
