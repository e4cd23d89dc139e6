import Testing

@testable import TerminalUI

/// The diff is checked two ways: which cells it sends, and that replaying it onto the old screen
/// (as ``HeadlessTerminal`` does, skipping continuations like a terminal) reproduces the new one.
@Suite struct DiffTests {
    private func buffer(_ text: String, columns: Int = 6) -> Buffer {
        var buffer = Buffer(size: Size(columns: columns, rows: 1))
        buffer.write(text, x: 0, y: 0)
        return buffer
    }

    private func columns(_ runs: [Buffer.Run]) -> [String] {
        runs.map { "\($0.x)+\($0.cells.count)" }
    }

    @Test func identicalBuffersProduceNothing() {
        #expect(buffer("hello").diff(from: buffer("hello")).isEmpty)
    }

    @Test func changedCellsFormRuns() {
        let runs = buffer("hxlxo").diff(from: buffer("hello"))
        #expect(columns(runs) == ["1+1", "3+1"])
        #expect(runs.map { $0.cells.map(\.symbol).joined() } == ["x", "x"])
    }

    @Test func wideReplacedByNarrowResendsTheFreedColumn() {
        // The terminal erases 会's right half when its left half is overwritten.
        let runs = buffer("ab").diff(from: buffer("会"))
        #expect(columns(runs) == ["0+2"])
    }

    @Test func narrowReplacedByWideCarriesTheContinuation() {
        let runs = buffer("会").diff(from: buffer("ab"))
        #expect(columns(runs) == ["0+2"])
        #expect(runs[0].cells.last?.isContinuation == true)
    }

    @Test func wideReplacedByWideSendsOnlyTheHead() {
        // The continuation behind the new head is unchanged, so only the head is sent.
        #expect(columns(buffer("x会").diff(from: buffer("x日"))) == ["1+1"])
        #expect(columns(buffer("会b").diff(from: buffer("会c"))) == ["2+1"])
    }

    @Test func continuationWithOnlyAStyleChangeIsNotSent() {
        let before = buffer("会")
        var after = before
        after.set(.continuation(style: Style(bold: true)), x: 1, y: 0)
        #expect(after.diff(from: before).isEmpty)
    }

    @Test func resizeSendsEveryRow() {
        let runs = buffer("ab", columns: 4).diff(from: buffer("ab", columns: 6))
        #expect(columns(runs) == ["0+4"])
    }

    @Test(arguments: [
        ("会会", "abcd"), ("abcd", "会会"), ("a会b", "会会"), ("会会", "a会b"), ("日本語", "日x本"), ("", "会"),
    ])
    func replayingTheDiffReproducesTheNewScreen(old: String, new: String) {
        let terminal = HeadlessTerminal(size: Size(columns: 6, rows: 1))
        terminal.draw(buffer(old))
        terminal.draw(buffer(new))
        #expect(terminal.screen == buffer(new))
    }
}
