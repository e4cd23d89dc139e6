import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

/// Busy is derived from the effects `update` issued and the runner has not completed: it cannot
/// stop while a purchase runs, nor stay on after every answer is in.
@Suite struct BusyStateTests {
    @Test func aPurchaseIsBusyUntilItsEffectCompletes() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        #expect(!state.isBusy)
        let sheet = PaywallProgram.update(&state, .key(.enter))
        #expect(state.isBusy, "the payment sheet is being prepared")
        let inbox = Inbox()
        for effect in sheet {
            await EffectRunner.carryOut(
                effect, store: store, inbox: inbox, groupID: state.content.leadingGroupID)
        }
        for event in inbox.drain() { _ = PaywallProgram.update(&state, event) }
        #expect(!state.isBusy, "the sheet is on screen and nothing runs")
        let purchase = PaywallProgram.update(&state, .key(.enter))
        #expect(purchase.count == 1 && state.isBusy)
        // The answer alone does not end the purchase's work: its completion does.
        let product = try #require(state.store.plans.first?.id)
        let answered = PaywallProgram.update(
            &state, .purchased(productID: product, .pending(transactionID: 1)))
        #expect(state.isBusy)
        _ = PaywallProgram.update(&state, .completed(purchase[0]))
        #expect(state.isBusy == !answered.isEmpty, "only the reload the answer asked for is left")
        for effect in answered { _ = PaywallProgram.update(&state, .completed(effect)) }
        #expect(!state.isBusy)
    }

    /// The first read goes through `update` too, so the loop knows it waits for the store (and
    /// polls fast until the products arrive).
    @Test func startingReadsTheStoreAndIsBusyUntilItCompletes() throws {
        var state = AppState(content: try Fixtures.content(), size: .init(columns: 100, rows: 30))
        #expect(PaywallProgram.update(&state, .started) == [.reload])
        #expect(state.isBusy)
        _ = PaywallProgram.update(&state, .completed(.reload))
        #expect(!state.isBusy)
    }

    @Test func twoReloadsAreTwoPendingEffectsAndACompletionOfOtherWorkChangesNothing() throws {
        var state = AppState(content: try Fixtures.content(), size: .init(columns: 100, rows: 30))
        _ = PaywallProgram.update(&state, .done(.signedIn(account: "one")))
        _ = PaywallProgram.update(&state, .done(.signedIn(account: "two")))
        #expect(state.pending[.reload] == 2)
        _ = PaywallProgram.update(&state, .completed(.sync))
        #expect(state.pending[.reload] == 2)
        _ = PaywallProgram.update(&state, .completed(.reload))
        _ = PaywallProgram.update(&state, .completed(.reload))
        #expect(!state.isBusy)
    }
}

/// An update that carries what the screen already shows asks for no reload; a new one does.
@Suite struct UpdatePatchTests {
    @Test func anUpdateOfAShownEntitlementReadsNothingAgain() async throws {
        let store = try Fixtures.store()
        _ = try await store.purchase("com.kiosk.lumen.lifetime")
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        let shown = try #require(state.store.entitlements.first)
        let effects = PaywallProgram.update(&state, .update(shown))
        #expect(effects == [.finish(transactionID: shown.unsafePayloadValue.id)])
        let bought = try await store.buyOffDevice("com.kiosk.lumen.filmpack", options: [])
        let fresh = try #require(try await store.all().first { $0.unsafePayloadValue.id == bought.id })
        #expect(
            PaywallProgram.update(&state, .update(fresh)) == [.finish(transactionID: bought.id), .reload])
    }
}
