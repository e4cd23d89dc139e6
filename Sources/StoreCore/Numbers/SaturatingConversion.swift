import Foundation

/// Conversions from `Double` that cannot trap. Swift's `Int(_: Double)` stops the process on NaN,
/// an infinity or anything outside the integer's range (a SIGILL, issue 22: `kiosk store advance
/// 8e23s`), so a number that came from outside, or a date derived from one, is converted here.
extension Int64 {
    /// `value` rounded toward zero and held to Int64's range; NaN is 0.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self.init(value)
        }
    }
}

extension Date {
    /// Milliseconds since 1970, rounded, held to Int64's range whatever the date (a date made
    /// from a huge span, `Date.distantFuture` plus more, `-infinity`).
    public var saturatingMilliseconds: Int64 {
        Int64(saturating: (timeIntervalSince1970 * 1000).rounded())
    }
}
