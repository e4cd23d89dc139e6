import Foundation
import PaywallShots
import Testing

/// The cancel sheet's scenes (`kiosk shot --scene cancel-*`): each reaches its sheet through the
/// real request to an endpoint on 127.0.0.1 and shows what it names; the gallery leaves them out
/// unless asked, since they need a subscription, another plan and a promotional offer.
@Suite struct CancelSheetSceneTests {
    @Test(arguments: [
        (ShotState.cancelMessage, "You have a 42-day streak. Cancel now and it resets."),
        (.cancelImage, "3840×1080 PNG"),
        (.cancelSwitchPlan, "Switch to Lumen Ultimate (Annual): $179.99/year"),
        (.cancelOffer, "1 month free, then $19.99/month, from your next renewal"),
        (.cancelDefault, "Default message: the endpoint's call ended TIMED_OUT"),
    ])
    func eachCancelSceneShowsItsSheet(state: ShotState, expected: String) async throws {
        let text = try await ShotSceneTests.text(try ShotSceneTests.scene(state: state))
        #expect(text.contains("Cancel Subscription") && text.contains(expected), "\(text)")
    }

    @Test func theGalleryLeavesTheCancelScenesOutUnlessAsked() {
        #expect(ShotState.galleryDefault.count == ShotState.allCases.count - 5)
        #expect(!ShotState.galleryDefault.contains(.cancelMessage))
    }
}
