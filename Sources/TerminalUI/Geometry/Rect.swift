/// A rectangle in cell coordinates, origin top-left. Width and height are never negative,
/// so layout arithmetic on a tiny terminal degrades to empty rectangles instead of trapping.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at the origin covering `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.columns, height: size.rows)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var size: Size { Size(columns: width, rows: height) }
    public var origin: Point { Point(x: x, y: y) }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The overlap of two rectangles (empty, placed at the clamped origin, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The rectangle shrunk by separate amounts per side; never smaller than empty.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let width = max(0, self.width - left - right)
        let height = max(0, self.height - top - bottom)
        return Rect(x: x + min(left, self.width), y: y + min(top, self.height), width: width, height: height)
    }

    /// A rectangle of `size` centred inside this one, clipped to it when larger.
    public func centered(_ size: Size) -> Rect {
        let width = min(size.columns, self.width)
        let height = min(size.rows, self.height)
        return Rect(
            x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }

    /// The single row `offset` rows down (empty when outside).
    public func row(_ offset: Int) -> Rect {
        guard offset >= 0, offset < height else { return Rect(x: x, y: y + offset, width: 0, height: 0) }
        return Rect(x: x, y: y + offset, width: width, height: 1)
    }

    public var description: String { "Rect(x: \(x), y: \(y), \(width)x\(height))" }
}
