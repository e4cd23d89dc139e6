import Foundation
import TerminalUI

/// A terminal backend that records what it draws as an asciinema asciicast v2 file while
/// passing everything on to the terminal it wraps (`kiosk --record FILE.cast`). Each frame is
/// written as the ANSI output that turns the previous frame into it (``ScreenExport/ansiUpdate(from:)``),
/// so replaying the file in any terminal emulator ends on the screen the paywall drew.
public final class RecordingTerminal<Base: TerminalBackend>: TerminalBackend {
    public let base: Base
    private let file: any RecordingFile
    private let start: ContinuousClock.Instant
    private let path: String
    private var previous: Buffer?
    private var ended = false
    /// The first write that failed (a full disk, a removed directory): the recording stops
    /// short of the session, and ``end()`` says so instead of leaving a silently cut file.
    public private(set) var failure: RecordingError?

    /// Creates (or truncates) `path` and writes the header for the base terminal's size.
    /// - Throws: an error naming the file when it cannot be created.
    public convenience init(_ base: Base, path: String, now: Date = Date()) throws(RecordingError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else {
            throw RecordingError(
                message: "cannot create the recording \(path): check the directory exists and is writable")
        }
        self.init(base, file: file, path: path, now: now)
    }

    /// Records into `file`, named `path` in messages.
    init(_ base: Base, file: any RecordingFile, path: String, now: Date = Date()) {
        self.base = base
        self.file = file
        self.path = path
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
        do {
            try file.synchronize()
        } catch {
            fail(error)
        }
        // The base terminal has given the screen back, so standard error is the user's again.
        if let failure { FileHandle.standardError.write(Data("kiosk: \(failure)\n".utf8)) }
    }

    private func write(_ line: String) {
        guard failure == nil else { return }
        do {
            try file.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: any Error) {
        guard failure == nil else { return }
        failure = RecordingError(
            message:
                "the recording \(path) is incomplete: writing it failed (\(error.localizedDescription)); "
                + "check the disk has room and the file is still there")
    }

    private func seconds() -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // Closing only releases the descriptor: what was written was flushed (and any failure
    // reported) by `end()`, so a failed close loses nothing.
    deinit { try? file.close() }
}

/// Why a recording could not start.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Where a recording's lines go: a file, or in tests one whose writes fail.
protocol RecordingFile: AnyObject {
    func write(contentsOf data: some DataProtocol) throws
    func synchronize() throws
    func close() throws
}

extension FileHandle: RecordingFile {}
