/// SubscriptionStoreView's control styles (`.subscriptionStoreControlStyle`).
public enum ControlStyle: String, Sendable, Hashable, CaseIterable {
    case buttons, picker, prominentPicker, compactPicker, pagedPicker, pagedProminentPicker

    /// Whether one option shows at a time, paged with ←/→.
    var isPaged: Bool { self == .pagedPicker || self == .pagedProminentPicker }
}

/// SubscriptionStoreView's button labels (`.subscriptionStoreButtonLabel`).
public enum ButtonLabelStyle: String, Sendable, Hashable, CaseIterable {
    case action, displayName, price, multiline, singleLine
}

/// ProductView's styles (`.productViewStyle`) for the shelf.
public enum ProductViewStyle: String, Sendable, Hashable, CaseIterable {
    case compact, regular, large
}

extension CaseIterable where Self: Equatable, AllCases.Index == Int {
    /// The next case, wrapping around: what the "switch style" keys step through.
    func next() -> Self {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
