/// A complete terminal backend in memory: the test double for screens and main loops, in the
/// spirit of ratatui's `TestBackend` and Textual's headless driver.
///
/// `draw` applies the buffer's diff to ``screen`` the way a terminal applies output: a wide glyph
/// paints two columns, covering half of a wide glyph erases the other half. So ``screen`` is what
/// a user would see, and its ``Buffer/plainText`` or ``Buffer/styledText`` is the snapshot.
/// Input is scripted: queue keys with ``press(_:)``; ``resize(to:)`` queues a `.resize` event.
///
/// ```swift
/// let terminal = HeadlessTerminal(size: Size(columns: 80, rows: 24))
/// terminal.press(.tab, .enter)
/// runLoop(terminal)  // the app's loop, generic over TerminalBackend
/// assertSnapshot(terminal.screen.plainText, named: "after-enter")
/// ```
public final class HeadlessTerminal: TerminalBackend {
    /// What the terminal shows.
    public private(set) var screen: Buffer
    /// Where the cursor is shown, nil when hidden.
    public private(set) var cursor: Point?
    /// Frames drawn so far.
    public private(set) var frameCount = 0
    /// Cells sent by the last draw (continuations excluded): what a real terminal would receive.
    public private(set) var lastDrawCellCount = 0
    /// True once ``end()`` ran.
    public private(set) var hasEnded = false
    private var pendingKeys: [Key] = []
    private var pendingCursor: Point?

    public init(size: Size) {
        screen = Buffer(size: size)
    }

    public var size: Size { screen.size }

    public func draw(_ buffer: Buffer) {
        if buffer.size != screen.size { screen = Buffer(size: buffer.size) }
        var sent = 0
        buffer.forEachRun(from: screen) { run in
            var x = run.x
            for cell in run.cells {
                defer { x += 1 }
                if cell.isContinuation { continue }
                sent += 1
                screen.set(cell, x: x, y: run.y)
            }
        }
        lastDrawCellCount = sent
        frameCount += 1
        cursor = pendingCursor
    }

    public func setCursor(_ position: Point?) { pendingCursor = position }

    /// Queues input events for ``readKey(timeoutMilliseconds:)``.
    public func press(_ keys: Key...) { pendingKeys += keys }

    /// Changes the size and queues the `.resize` event a real terminal would deliver.
    public func resize(to size: Size) {
        screen = Buffer(size: size)
        pendingKeys.append(.resize(size))
    }

    /// The next queued event; nil (a timeout) when the queue is empty, whatever the timeout.
    public func readKey(timeoutMilliseconds: Int32 = -1) -> Key? {
        pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    public func invalidate() { screen = Buffer(size: screen.size) }

    public func end() { hasEnded = true }
}
