import SwiftUI

@main
struct XcodeAppApp: App {
    @StateObject private var store = PurchaseManager()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
                .task { await store.start() }
        }
    }
}
