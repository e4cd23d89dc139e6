import Testing

/// Every test that makes an `SKTestSession`: one App Store per process, so they run one at a
/// time (Swift Testing runs suites in parallel unless a parent serializes them).
@Suite(.serialized) enum StoreKitSessionTests {}
