// StoreKitTest by its own name on Linux: `import StoreKitTest` finds Kiosk's SKTestSession.
@_exported import KioskStoreKitTest
