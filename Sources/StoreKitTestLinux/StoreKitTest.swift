// StoreKitTest by its own name on Linux: `import StoreKitTest` finds Kiosk's SKTestSession and,
// as Apple's does, brings StoreKit (`Product`, `Transaction`) with it.
@_exported import KioskStoreKitTest
@_exported import StoreKit
