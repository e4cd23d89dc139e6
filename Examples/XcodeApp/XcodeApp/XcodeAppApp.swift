import SwiftUI

@main
struct XcodeAppApp: App {
    @State private var store = PurchaseManager()

    var body: some Scene {
        WindowGroup {
            ContentView(store: store)
                .task { await store.start() }
        }
    }
}
