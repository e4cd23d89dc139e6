import Foundation

/// One performance test of a Get Retention Message endpoint: Apple's `PerformanceTestConfig`,
/// the target and, once run, the result as `PerformanceTestResultResponse` reports it.
public struct RetentionPerformanceTest: Sendable, Hashable, Codable {
    /// Apple's `PerformanceTestConfig`; times in milliseconds, rates in percent.
    public struct Config: Sendable, Hashable, Codable {
        public var maxConcurrentRequests: Int
        public var totalRequests: Int
        public var totalDuration: Int
        public var responseTimeThreshold: Int
        public var successRateThreshold: Int

        public init(
            maxConcurrentRequests: Int, totalRequests: Int, totalDuration: Int, responseTimeThreshold: Int,
            successRateThreshold: Int
        ) {
            self.maxConcurrentRequests = maxConcurrentRequests
            self.totalRequests = totalRequests
            self.totalDuration = totalDuration
            self.responseTimeThreshold = responseTimeThreshold
            self.successRateThreshold = successRateThreshold
        }

        /// What Kiosk runs unless told otherwise: Apple's documented threshold of about 700 ms
        /// in the sandbox; the counts are Kiosk's (Apple publishes them only in a test's
        /// answer), small enough to run in seconds against a local endpoint.
        public static let standard = Config(
            maxConcurrentRequests: 10, totalRequests: 100, totalDuration: 30_000, responseTimeThreshold: 700,
            successRateThreshold: 95)
    }

    /// Apple's `PerformanceTestStatus`.
    public enum Status: String, Sendable, Hashable, Codable {
        case pending = "PENDING"
        case pass = "PASS"
        case fail = "FAIL"
    }

    /// Apple's `PerformanceTestResponseTimes`, in milliseconds.
    public struct ResponseTimes: Sendable, Hashable, Codable {
        public var average: Int
        public var p50: Int
        public var p90: Int
        public var p95: Int
        public var p99: Int

        public init(average: Int, p50: Int, p90: Int, p95: Int, p99: Int) {
            self.average = average
            self.p50 = p50
            self.p90 = p90
            self.p95 = p95
            self.p99 = p99
        }
    }

    public var requestID: String
    public var originalTransactionID: String
    public var target: String
    public var config: Config
    public var startedAt: Date
    public var status: Status
    /// Percent of requests answered in time with a valid body.
    public var successRate: Int?
    public var numPending: Int
    public var responseTimes: ResponseTimes?
    /// Failures by Apple's `SendAttemptResult` name.
    public var failures: [String: Int]

    public init(
        requestID: String, originalTransactionID: String, target: String, config: Config, startedAt: Date,
        status: Status = .pending, successRate: Int? = nil, numPending: Int,
        responseTimes: ResponseTimes? = nil,
        failures: [String: Int] = [:]
    ) {
        self.requestID = requestID
        self.originalTransactionID = originalTransactionID
        self.target = target
        self.config = config
        self.startedAt = startedAt
        self.status = status
        self.successRate = successRate
        self.numPending = numPending
        self.responseTimes = responseTimes
        self.failures = failures
    }
}
