import TerminalUI

/// Render plus diff of a full 200x60 paywall-like frame: a 500-row list in a bordered scroll view,
/// boxes, buttons, tabs, a banner, a status line and wrapped text with CJK. Each iteration moves
/// the list selection, so the diff has real work. The anchor copies the same number of cells with
/// a plain loop: the cost of touching every cell once, measured in the same run.
enum RenderBenchmark {
    static let size = Size(columns: 200, rows: 60)
    static let items = (0..<500).map {
        ListView.Item("Product \($0) · 商品 \($0)", detail: "$\($0 % 50).99")
    }
    static let copy = String(
        repeating: "Unlock every feature — 全機能を解放、日本語サポート付き. Cancel anytime in Settings. ", count: 6)

    static func run() throws -> [BenchmarkResult] {
        var previous = Buffer(size: size)
        var changed = 0
        let warmUp = 200
        let iterations = 2_000
        for frame in 0..<warmUp {
            let next = render(frame: frame)
            changed &+= next.changedCellCount(from: previous)
            previous = next
        }
        let seconds = Stopwatch.time {
            for frame in warmUp..<warmUp + iterations {
                let next = render(frame: frame)
                changed &+= next.changedCellCount(from: previous)
                previous = next
            }
        }
        let anchor = copyAnchor(previous, iterations: iterations)
        guard changed > 0 else { throw RenderBenchmarkError.nothingChanged }
        return [
            BenchmarkResult(
                name: "render+diff 200x60 frame", value: seconds / Double(iterations) * 1e6, unit: "µs/frame",
                anchorName: "copy 12000 cells", anchorValue: anchor * 1e6, anchorUnit: "µs/frame",
                higherIsBetter: false)
        ]
    }

    /// One frame of the benchmark screen; `frame` moves the selection and the page dots.
    static func render(frame: Int) -> Buffer {
        var buffer = Buffer(size: size)
        let rows = buffer.area.split(rows: [.fixed(1), .fill(), .fixed(1), .fixed(1)])
        TabBar(["Monthly", "Yearly", "Family · 家族"], selected: frame % 3).render(in: rows[0], buffer: &buffer)
        let columns = rows[1].split(columns: [.percentage(45), .fill()], spacing: 1)
        let listBox = Box(title: "Products · 商品一覧", border: .rounded)
        listBox.render(in: columns[0], buffer: &buffer)
        ListView(items, state: ListState(selected: frame % items.count, offset: 0))
            .render(in: listBox.inner(columns[0]), buffer: &buffer)
        let detailBox = Box(title: "Premium · 会員プラン ✓", border: .double)
        detailBox.render(in: columns[1], buffer: &buffer)
        let detail = detailBox.inner(columns[1]).inset(left: 1, right: 1)
        let parts = detail.split(rows: [.fill(), .fixed(1), .fixed(1), .fixed(1)], spacing: 1)
        Paragraph(copy).render(in: parts[0], buffer: &buffer)
        let buttons = parts[1].split(columns: [.fixed(16), .fixed(14), .fixed(18)], spacing: 2)
        for (index, label) in ["Subscribe", "Restore", "Redeem code"].enumerated() {
            Button(label, isFocused: index == frame % 3).render(in: buttons[index], buffer: &buffer)
        }
        PageIndicator(count: 5, current: frame % 5).render(in: parts[2], buffer: &buffer)
        Badge("BEST VALUE").render(in: parts[3], buffer: &buffer)
        Banner("Purchase pending — waiting for approval (Ask to Buy)", symbol: "⏳").render(
            in: rows[2], buffer: &buffer)
        StatusLine("Simulator · sandbox · frame \(frame)", trailing: "q quit · ? help").render(
            in: rows[3], buffer: &buffer)
        return buffer
    }

    /// Seconds per frame to copy every cell of `buffer` into another array, one by one.
    static func copyAnchor(_ buffer: Buffer, iterations: Int) -> Double {
        let source = buffer.cells
        var destination = [Cell](repeating: .blank, count: source.count)
        var checksum = 0
        let seconds = Stopwatch.time {
            for iteration in 0..<iterations {
                for index in source.indices { destination[index] = source[index] }
                checksum &+= destination[iteration % destination.count].symbol.utf8.count
            }
        }
        if checksum == -1 { print(checksum) }  // keeps the copies observable to the optimiser
        return seconds / Double(iterations)
    }
}

enum RenderBenchmarkError: Error, CustomStringConvertible {
    case nothingChanged

    var description: String { "the benchmark frames never changed, so the diff measured nothing" }
}
