/// Something a click can land on, recorded by the renderer with its rectangle.
public enum HitTarget: Sendable, Hashable {
    case plan(Int)
    case shelfProduct(Int)
    case record(Int)
    /// A button that does what a key-map action does (`buy`, `restore`, ...).
    case action(String)
}
