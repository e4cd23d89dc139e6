import Testing

@testable import Paywall

/// The review's whitespace test is a table of code points, for speed: it must agree with
/// Unicode's White_Space property as this toolchain knows it, on every scalar.
@Suite struct ScreenTextWhitespaceTests {
    @Test func theTableIsUnicodesWhiteSpaceProperty() {
        let scalars = (0...0x10FFFF).lazy.compactMap(Unicode.Scalar.init(_:))
        let disagreeing = scalars.filter { ScreenText.isWhitespace($0) != $0.properties.isWhitespace }
            .map { String($0.value, radix: 16) }
        #expect(Array(disagreeing.prefix(10)) == [])
    }
}
