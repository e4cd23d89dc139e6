extension Wire {
    /// `{"action": "Paywall closed", "result": "quit"}`: a line a client adds to the QA journal.
    public struct JournalNote: Codable, Sendable, Hashable {
        public var action: String
        public var result: String
        public init(action: String, result: String) {
            self.action = action
            self.result = result
        }
    }
}
