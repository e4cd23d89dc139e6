extension Color {
    /// The red, green and blue of an xterm palette entry (xterm's defaults for 0–15;
    /// terminals let users change those sixteen, which is why hex colours map into 16–255).
    public static func xtermRGB(_ index: UInt8) -> (r: Int, g: Int, b: Int) {
        switch index {
        case 0..<16:
            let entry = system[Int(index)]
            return (entry.0, entry.1, entry.2)
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = 8 + 10 * (Int(index) - 232)
            return (grey, grey, grey)
        }
    }

    /// The nearest entry of the 256-colour cube or grey ramp (16–255) to an RGB colour,
    /// by squared distance; the cube candidate is found per channel, the grey by the mean.
    public static func nearestIndexed(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let channels = [Int(r), Int(g), Int(b)]
        let levels = channels.map(nearestCubeLevel)
        let cube = 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
        let mean = channels.reduce(0, +) / 3
        let greyStep = min(23, max(0, (mean - 3) / 10))
        let grey = 232 + greyStep
        let cubeDistance = distance(channels, xtermRGB(UInt8(cube)))
        let greyDistance = distance(channels, xtermRGB(UInt8(grey)))
        return UInt8(greyDistance < cubeDistance ? grey : cube)
    }

    /// This colour as the terminal can show it: hex becomes the nearest of 256, and 256 colours
    /// fold onto the 16 or 8 ANSI colours by distance; `.none` drops colour entirely.
    public func downgraded(to capability: ColorCapability) -> Color {
        switch (self, capability) {
        case (.default, _), (_, .none): return .default
        case (.rgb(let r, let g, let b), _):
            return Color.indexed(Color.nearestIndexed(r: r, g: g, b: b)).downgraded(to: capability)
        case (.indexed, .indexed256), (.indexed, .truecolor): return self
        case (.indexed(let index), .ansi16):
            return .indexed(index < 16 ? index : Color.nearestSystem(index, count: 16))
        case (.indexed(let index), .ansi8):
            // Through the 16 first, then bright folds onto normal: a mid grey becomes black
            // (via bright black) rather than the yellow a plain distance over 8 colours picks.
            let sixteen = index < 16 ? index : Color.nearestSystem(index, count: 16)
            return .indexed(sixteen < 8 ? sixteen : sixteen - 8)
        }
    }

    /// The nearest of the first `count` system colours to palette entry `index`.
    static func nearestSystem(_ index: UInt8, count: Int) -> UInt8 {
        let target = xtermRGB(index)
        let channels = [target.r, target.g, target.b]
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<count {
            let candidateDistance = distance(channels, xtermRGB(UInt8(candidate)))
            if candidateDistance < bestDistance {
                best = candidate
                bestDistance = candidateDistance
            }
        }
        return UInt8(best)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        // Cube levels are 0, 95, 135, 175, 215, 255: the first step is wider than the rest.
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ channels: [Int], _ rgb: (r: Int, g: Int, b: Int)) -> Int {
        let dr = channels[0] - rgb.r
        let dg = channels[1] - rgb.g
        let db = channels[2] - rgb.b
        return dr * dr + dg * dg + db * db
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    private static let system: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
