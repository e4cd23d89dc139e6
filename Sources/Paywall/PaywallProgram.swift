/// The paywall as a pure program: ``update(_:_:)`` is the only thing that changes an
/// ``AppState``, ``render(_:theme:size:)`` draws one, and ``minimumSize`` is the smallest
/// terminal it lays out in. ``PaywallApp`` runs these against a terminal and a store; tests call
/// them directly.
///
/// A namespace of its own rather than free functions, so `update` and `render` cannot be
/// mistaken for anything else at a call site; not named `Paywall`, which is the module's name
/// (a type of that name would shadow the module in qualified names such as `Paywall.AppState`).
/// Their parts are its static members too (`Update/`: `handleKey`, `purchased`, ...;
/// `Render/`: `renderNotices`, `planRows`, ...); helpers about one value live on its type
/// (`AppState.defaultPlanIndex`, `StoreSnapshot.hasFreeTrial`, `Rect.centred(width:)`).
public enum PaywallProgram {}
