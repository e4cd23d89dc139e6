// StoreKit by its own name on Linux, where Apple's framework does not exist: `import StoreKit`
// and qualified names such as `StoreKit.Transaction` compile unchanged (docs/your-code.md).
@_exported import KioskStoreKit
