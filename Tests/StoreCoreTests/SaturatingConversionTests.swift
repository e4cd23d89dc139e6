import Foundation
import StoreCore
import Testing

/// Conversions from Double that can never trap (issue 22: `Int(8e23 / 86_400)` stopped the CLI
/// with SIGILL).
@Suite struct SaturatingConversionTests {
    @Test func outOfRangeValuesHoldToTheEnds() {
        #expect(Int64(saturating: .nan) == 0)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: -.infinity) == .min)
        #expect(Int64(saturating: 1e300) == .max)
        #expect(Int64(saturating: -1e300) == .min)
        #expect(Int64(saturating: 9_223_372_036_854_775_807.0) == .max)
        #expect(Int64(saturating: 3.9) == 3 && Int64(saturating: -3.9) == -3)
    }

    @Test func anyDateHasMilliseconds() {
        #expect(Date(timeIntervalSince1970: 1.5).saturatingMilliseconds == 1_500)
        #expect(Date.distantFuture.addingTimeInterval(1e300).saturatingMilliseconds == .max)
        #expect(Date(timeIntervalSince1970: -.infinity).saturatingMilliseconds == .min)
    }
}
