import Foundation
import StoreCore
import TerminalUI

/// The whole state of the paywall: a value, changed only by ``update(_:_:)``.
public struct AppState: Sendable, Hashable {
    /// The two screens the paywall switches between.
    public enum Tab: String, Sendable, Hashable, CaseIterable {
        case subscriptions, shelf
    }

    public var content: PaywallContent
    public var store = StoreSnapshot()
    public var size: Size
    public var tab: Tab = .subscriptions
    public var controlStyle: ControlStyle
    public var labelStyle: ButtonLabelStyle = .action
    public var productViewStyle: ProductViewStyle = .regular
    /// The selected plan in the picker.
    public var planIndex = 0
    /// Whether the next read of the store picks the plan to open on (the copy's default, a
    /// plan with a trial, the best value): at start and when the group changes.
    var choosesPlan = true
    public var shelf = ListState()
    /// How many of a consumable the next purchase buys.
    public var quantity = 1
    public var overlay: Overlay?
    /// Newest last; the screen shows the last few. Ask to Buy requests are not banners but
    /// state (`awaitingApproval`, read from the store).
    public var notices: [Notice] = []
    public var isLoaded = false
    public var isRestoring = false
    /// Effects `update` asked for that the runner has not completed yet, by effect (the same
    /// effect may be asked for twice). The runner answers each with `.completed(effect)`.
    public internal(set) var pending: [Effect: Int] = [:]
    /// Work sent to the store and not answered yet (a spinner in the status line; the main
    /// loop polls fast while it lasts).
    public var isBusy: Bool { !pending.isEmpty }
    /// The Transaction Manager's selection and the simulated-error API it edits.
    public var managerSelection = ListState()
    /// How many of the account's newest records reloads read: a page, and a page more each
    /// time the Transaction Manager's selection nears the end of those loaded.
    public var recordLimit = StoreSnapshot.recordPage
    /// The Transaction Manager lists App Store Server Notifications instead of transactions.
    public var managerShowsNotifications = false
    /// The Transaction Manager lists every key instead of the transactions (`?`).
    public var managerShowsKeys = false
    /// The Transaction Manager draws the selected subscription's timeline instead of the list (`t`).
    public var managerShowsTimeline = false
    public var managerAPIIndex = 0
    /// The reason the Transaction Manager's next refund request gives.
    public var managerRefundReason = ConsumptionRequestReason.unsatisfiedWithPurchase
    public var shouldQuit = false
    /// How many times the screenshot key was pressed: the main loop saves the screen each time
    /// the count grows (saving is I/O, so it happens there, not in `update`).
    public internal(set) var screenshotRequests = 0

    public init(
        content: PaywallContent, size: Size, controlStyle: ControlStyle = .buttons,
        labelStyle: ButtonLabelStyle = .action, productViewStyle: ProductViewStyle = .regular
    ) {
        self.content = content
        self.size = size
        self.controlStyle = controlStyle
        self.labelStyle = labelStyle
        self.productViewStyle = productViewStyle
        store.groupID = content.leadingGroupID
    }

    /// The plan the picker has selected.
    public var selectedPlan: Product? {
        let plans = store.plans
        return plans.isEmpty ? nil : plans[min(planIndex, plans.count - 1)]
    }

    /// The shelf product selected.
    public var selectedShelfProduct: Product? {
        let products = store.shelfProducts
        return products.isEmpty ? nil : products[min(shelf.selected, products.count - 1)]
    }

    /// The Transaction Manager's selected record.
    public var selectedRecord: TransactionRecord? {
        let records = store.records
        return records.isEmpty ? nil : records[min(managerSelection.selected, records.count - 1)]
    }
}
