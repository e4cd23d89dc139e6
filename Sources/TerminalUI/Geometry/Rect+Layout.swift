extension Rect {
    /// Splits the rectangle into horizontal bands, top to bottom.
    ///
    /// ```swift
    /// let parts = screen.split(rows: [.fixed(1), .fill(), .fixed(1)])  // title, body, status
    /// ```
    public func split(rows constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        var top = y
        return Constraint.sizes(for: constraints, total: height, spacing: spacing).map { size in
            defer { top += size + spacing }
            return Rect(x: x, y: top, width: width, height: size)
        }
    }

    /// Splits the rectangle into vertical strips, left to right.
    public func split(columns constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        var left = x
        return Constraint.sizes(for: constraints, total: width, spacing: spacing).map { size in
            defer { left += size + spacing }
            return Rect(x: left, y: y, width: size, height: height)
        }
    }
}
