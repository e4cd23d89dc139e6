import XCTest

/// Not from Apple's documentation: it checks that the target was built in the language mode
/// the run asked for, so the Swift 5 pass of Tests/Shell/apple-way-swift5.sh cannot pass by
/// running a Swift 6 build.
final class LanguageModeTests: XCTestCase {
    func testTheTargetIsBuiltInTheLanguageModeTheRunAskedFor() {
        let askedForSwift5 = ProcessInfo.processInfo.environment["KIOSK_APPLE_WAY_SWIFT5"] != nil
        #if swift(>=6.0)
            XCTAssertFalse(
                askedForSwift5, "KIOSK_APPLE_WAY_SWIFT5 is set, but the target was built in Swift 6")
        #else
            XCTAssertTrue(askedForSwift5, "the target was built in Swift 5 without KIOSK_APPLE_WAY_SWIFT5")
        #endif
    }
}
