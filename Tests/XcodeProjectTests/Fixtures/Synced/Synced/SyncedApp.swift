import SwiftUI

@main
struct SyncedApp: App {
    var body: some Scene {
        WindowGroup { Text("Synced") }
    }
}
