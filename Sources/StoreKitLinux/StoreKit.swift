// StoreKit by its own name on Linux, where Apple's framework does not exist: `import StoreKit`
// and qualified names such as `StoreKit.Transaction` compile unchanged (docs/your-code.md).
// Apple's StoreKit brings Foundation, and with it Combine's `ObservableObject` and
// `@Published` (public purchase managers written with `import StoreKit` alone use them); so
// does this one, with Kiosk's Combine subset.
@_exported import Combine
@_exported import Foundation
@_exported import KioskStoreKit
// Apple's StoreKit brings Observation too (through Foundation): an `@Observable` store that
// imports only StoreKit compiles in Xcode, and so here.
@_exported import Observation
