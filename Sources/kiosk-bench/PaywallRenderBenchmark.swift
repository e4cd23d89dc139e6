import Foundation
import Paywall
import StoreCore
import TerminalUI

/// Render plus diff of the real paywall's shop screen at 200x60 with 500 products, moving the
/// selection each frame, beside copying the frame's cells (the same anchor as `render`).
enum PaywallRenderBenchmark {
    static func run() throws -> [BenchmarkResult] {
        var state = AppState(
            content: PaywallContent(title: "Lumen Pro", catalogName: "bench"), size: RenderBenchmark.size)
        var snapshot = StoreSnapshot()
        snapshot.products = (0..<500).map { index in
            let price = Decimal(index % 50) + Decimal(99) / 100
            return Product(
                id: "bench.\(index)", type: index % 3 == 0 ? .consumable : .nonConsumable,
                displayName: "Product \(index) · 商品 \(index)",
                description: "A benchmark product, number \(index).",
                price: price, displayPrice: "$\(price)", currencyCode: "USD", isFamilyShareable: false)
        }
        snapshot.account = "tester"
        state.store = snapshot
        state.isLoaded = true
        state.tab = .shelf
        let theme = Theme.monochrome
        var previous = Buffer(size: RenderBenchmark.size)
        var changed = 0
        let iterations = 1_000
        func frame(_ index: Int) {
            state.shelf.selected = (index * 7) % 500
            state.productViewStyle = ProductViewStyle.allCases[index % 3]
            let next = PaywallProgram.render(state, theme: theme, size: RenderBenchmark.size).buffer
            changed &+= next.changedCellCount(from: previous)
            previous = next
        }
        for index in 0..<100 { frame(index) }
        let seconds = Stopwatch.time { for index in 100..<100 + iterations { frame(index) } }
        guard changed > 0 else { throw RenderBenchmarkError.nothingChanged }
        let anchor = RenderBenchmark.copyAnchor(previous, iterations: iterations)
        return [
            BenchmarkResult(
                name: "paywall shop 500 products 200x60 render+diff",
                value: seconds / Double(iterations) * 1e6,
                unit: "µs/frame", anchorName: "copy 12000 cells", anchorValue: anchor * 1e6,
                anchorUnit: "µs/frame",
                higherIsBetter: false)
        ]
    }
}
