import SwiftUI

/// The shop's screen: view code, which Linux cannot compile (kiosk xctest leaves it out).
struct ShopView: View {
    @StateObject private var model = ShopModel()

    var body: some View {
        List(model.owned, id: \.self) { Text($0) }
            .task { await model.refresh() }
    }
}
