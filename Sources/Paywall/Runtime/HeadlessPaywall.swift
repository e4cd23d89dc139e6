import Foundation
import StoreCore
import TerminalUI

/// The paywall without a terminal: the same `update` and `render` as ``PaywallApp``, but every
/// effect is carried out against the store right away and its answers are fed back before the
/// next event. Nothing runs in the background, so the same events give the same screens: what
/// rehearsals, screenshots, the review checks and tests need.
///
/// Changes made to the store from outside (a Transaction Manager action, another process) reach
/// a running app through its update streams; here ``refresh()`` reads the store again instead,
/// at the moment the caller chooses.
public struct HeadlessPaywall {
    public private(set) var state: AppState
    public let store: EffectRunner.Backend
    public var theme: Theme
    private let inbox = Inbox()

    /// A paywall that has not read the store yet: call ``start()`` first.
    public init(
        store: EffectRunner.Backend, content: PaywallContent, theme: Theme,
        size: Size = Size(columns: 100, rows: 30), controlStyle: ControlStyle = .buttons
    ) {
        self.store = store
        self.theme = theme
        state = AppState(content: content, size: size, controlStyle: controlStyle)
    }

    /// Reads the store, as the app does when it starts.
    public mutating func start() async {
        await send(.started)
    }

    /// Feeds one event through `update`, then carries out what it asks for, in order, until
    /// no effect is left.
    public mutating func send(_ event: Event) async {
        await carryOut(PaywallProgram.update(&state, event))
    }

    public mutating func press(_ keys: Key...) async {
        await press(keys)
    }

    public mutating func press(_ keys: [Key]) async {
        for key in keys { await send(.key(key)) }
    }

    /// Types text one character at a time, as a user would into a field.
    public mutating func type(_ text: String) async {
        for character in text { await send(.key(.character(character))) }
    }

    public mutating func resize(_ size: Size) async {
        await send(.resize(size))
    }

    /// Reads the store again, for changes made from outside the paywall.
    public mutating func refresh() async {
        await carryOut([.reload])
    }

    /// Carries out effects one after another and feeds their answers back through `update`,
    /// until nothing is left to do.
    private mutating func carryOut(_ first: [Effect]) async {
        var effects = first
        while !effects.isEmpty {
            for effect in effects {
                await EffectRunner.carryOut(
                    effect, store: store, inbox: inbox, groupID: state.content.leadingGroupID,
                    recordLimit: state.recordLimit)
            }
            effects = []
            for next in inbox.drain() { effects += PaywallProgram.update(&state, next) }
        }
    }

    /// The current screen at the state's size.
    public func frame() -> Frame {
        PaywallProgram.render(state, theme: theme, size: state.size)
    }

    /// The current screen as plain text, one line a row.
    public var screenText: String { frame().buffer.plainText }
}
