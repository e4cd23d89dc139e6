import SwiftUI

@main
struct ModularApp: App {
    var body: some Scene {
        WindowGroup { ShopView() }
    }
}
