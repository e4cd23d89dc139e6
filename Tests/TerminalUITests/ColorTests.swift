import Testing

@testable import TerminalUI

@Suite struct ColorTests {
    @Test(arguments: [
        ("#000000", 16), ("#ffffff", 231), ("#ff0000", 196), ("#0087ff", 33), ("#808080", 244),
        ("#1e90ff", 33), ("#121212", 233), ("#5f87af", 67),
    ])
    func hexMapsToTheNearestOf256(hex: String, index: Int) throws {
        let color = try #require(Color(parsing: hex))
        #expect(color.downgraded(to: .indexed256) == .indexed(UInt8(index)))
    }

    @Test func parsingRejectsMalformedColours() {
        for text in ["#fff", "ff0000", "#gg0000", "red", "#ff00000"] { #expect(Color(parsing: text) == nil) }
        #expect(Color(parsing: "default") == .default)
        #expect(Color(parsing: "#FF8800")?.description == "#ff8800")
        #expect(Color(index: 256) == nil)
    }

    @Test(arguments: [(196, 9, 1), (21, 4, 4), (231, 15, 7), (16, 0, 0), (244, 8, 0), (9, 9, 1), (3, 3, 3)])
    func paletteDowngradesTo16And8(index: Int, sixteen: Int, eight: Int) {
        let color = Color.indexed(UInt8(index))
        #expect(color.downgraded(to: .ansi16) == .indexed(UInt8(sixteen)))
        #expect(color.downgraded(to: .ansi8) == .indexed(UInt8(eight)))
        #expect(color.downgraded(to: .none) == .default)
        #expect(color.downgraded(to: .truecolor) == color)
    }

    @Test func capabilityHonoursNoColor() {
        #expect(ColorCapability.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorCapability.detect(colors: 256, environment: ["NO_COLOR": ""]) == .indexed256)
        #expect(ColorCapability.detect(colors: 8, environment: [:]) == .ansi8)
        #expect(ColorCapability.detect(colors: 0, environment: [:]) == .none)
        #expect(ColorCapability.detect(colors: 256, environment: ["COLORTERM": "truecolor"]) == .truecolor)
    }
}
