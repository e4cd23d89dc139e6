extension Buffer {
    /// A horizontal run of changed cells on one row, starting at column `x`.
    ///
    /// `cells` is a slice of the new buffer's storage (no copy). It may contain continuation
    /// cells, which a backend skips: the wide glyph before them paints that column.
    public struct Run: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var cells: ArraySlice<Cell>
    }

    /// The runs of cells that differ between `previous` (what the terminal shows) and this buffer.
    ///
    /// Flushing every run, in order, turns the old screen into the new one. When the sizes differ,
    /// nothing on screen can be trusted, so every row is one run (backends clear first).
    public func diff(from previous: Buffer) -> [Run] {
        var runs: [Run] = []
        forEachRun(from: previous) { runs.append($0) }
        return runs
    }

    /// The number of cells ``diff(from:)`` would send, without building the runs (for tests and
    /// benchmarks).
    public func changedCellCount(from previous: Buffer) -> Int {
        var count = 0
        forEachRun(from: previous) { count += $0.cells.count }
        return count
    }

    /// Calls `body` for each run of changed cells, row by row, left to right. Allocates nothing.
    ///
    /// Edge cases, each handled below where it happens:
    /// - **Wide glyph replaced by a narrow one.** Overwriting the left half of a wide glyph makes
    ///   the terminal erase its right half too. The new buffer has a real cell there and the old one
    ///   a continuation, so they differ and the cell is resent: nothing extra to track.
    /// - **Narrow replaced by a wide glyph.** The column it now covers holds a continuation that
    ///   differs from the old cell; it stays inside the run for contiguity and the backend skips it.
    /// - **Continuation that changed alone.** Only its style can differ while the head is equal
    ///   (the buffer keeps continuations behind their heads). The head paints both columns in its
    ///   own style, so such a cell never starts a run.
    /// - **Different sizes.** After a resize the terminal's contents are unknown: send everything.
    public func forEachRun(from previous: Buffer, _ body: (Run) -> Void) {
        let columns = size.columns
        guard previous.size == size else {
            for y in 0..<size.rows {
                body(Run(x: 0, y: y, cells: cells[y * columns..<(y + 1) * columns]))
            }
            return
        }
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                for y in 0..<size.rows {
                    let row = y * columns
                    var runStart = -1
                    for x in 0..<columns {
                        let index = row + x
                        let changed = new[index] != old[index]
                        if changed && runStart < 0 {
                            // A continuation can only differ alone in style (see above): skip it.
                            if new[index].isContinuation { continue }
                            runStart = x
                        } else if !changed && runStart >= 0 {
                            body(Run(x: runStart, y: y, cells: cells[row + runStart..<index]))
                            runStart = -1
                        }
                    }
                    if runStart >= 0 {
                        body(Run(x: runStart, y: y, cells: cells[row + runStart..<row + columns]))
                    }
                }
            }
        }
    }
}
