import Foundation
import TerminalUI
import Testing

@testable import Paywall

/// A recording that cannot be written is said to be incomplete, not left cut short in silence.
@Suite struct RecordingFailureTests {
    /// A file whose writes fail after `room` lines, as a full disk does.
    final class FullFile: RecordingFile {
        var room: Int
        var lines = 0
        var synchronized = false

        init(room: Int) { self.room = room }

        func write(contentsOf data: some DataProtocol) throws {
            guard lines < room else { throw CocoaError(.fileWriteOutOfSpace) }
            lines += 1
        }

        func synchronize() throws { synchronized = true }
        func close() throws {}
    }

    @Test func theFirstFailedWriteIsKeptAndNothingIsWrittenAfterIt() {
        let file = FullFile(room: 2)
        let recording = RecordingTerminal(
            HeadlessTerminal(size: Size(columns: 20, rows: 4)), file: file, path: "session.cast")
        #expect(recording.failure == nil, "the header and the hidden cursor fit")
        recording.draw(Buffer(size: Size(columns: 20, rows: 4)))
        let failure = recording.failure
        #expect(
            failure?.message.hasPrefix("the recording session.cast is incomplete: writing it failed (")
                == true)
        #expect(failure?.message.hasSuffix("check the disk has room and the file is still there") == true)
        file.room = 10
        recording.mark("after")
        recording.end()
        #expect(file.lines == 2, "a recording with a hole is not written on")
        #expect(recording.failure == failure, "the first failure is the one reported")
        #expect(file.synchronized)
    }

    @Test func aRecordingThatFitsHasNoFailure() {
        let file = FullFile(room: 100)
        let recording = RecordingTerminal(
            HeadlessTerminal(size: Size(columns: 20, rows: 4)), file: file, path: "session.cast")
        recording.draw(Buffer(size: Size(columns: 20, rows: 4)))
        recording.end()
        #expect(recording.failure == nil)
        #expect(file.lines >= 3)
    }
}
