// SwiftUI by its own name on Linux (issue 47), for purchase managers that `import SwiftUI` for
// what is not a view: on Apple platforms SwiftUI re-exports Foundation, Combine (`ObservableObject`,
// `@Published`) and Observation (`@Observable`), so a manager written with `import SwiftUI` alone
// uses them. This module re-exports the same three and declares nothing of its own: no `View`,
// no `@State`, nothing that draws. Files with view code are left out of the package
// `kiosk xctest` makes (its planner decides which), so nothing here has to pretend to draw.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
