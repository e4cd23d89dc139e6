import Foundation
import StoreCore
import Testing

@Suite struct SubscriptionPeriodTests {
    @Test(arguments: [
        ("P3D", 3, SubscriptionPeriod.Unit.day), ("P1W", 1, .week), ("P2W", 2, .week), ("P1M", 1, .month),
        ("P2M", 2, .month), ("P3M", 3, .month), ("P6M", 6, .month), ("P1Y", 1, .year),
    ])
    func parsesISO8601(text: String, value: Int, unit: SubscriptionPeriod.Unit) throws {
        let period = try #require(SubscriptionPeriod(iso8601: text))
        #expect(period.value == value)
        #expect(period.unit == unit)
        #expect(period.iso8601 == text)
    }

    @Test(arguments: ["", "P", "1M", "PM", "P0M", "P1X", "P1.5M", "P-1M", "P1M2D", "p1m", "P99999D"])
    func rejectsMalformed(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    @Test func advancesByCalendarMonthsInUTC() throws {
        let period = try #require(SubscriptionPeriod(iso8601: "P1M"))
        let january31 = Date(timeIntervalSince1970: 1_706_659_200)  // 2024-01-31T00:00:00Z
        let next = period.advance(january31)
        #expect(next == Date(timeIntervalSince1970: 1_709_164_800))  // 2024-02-29T00:00:00Z
        let week = try #require(SubscriptionPeriod(iso8601: "P2W"))
        #expect(week.advance(january31, by: 2).timeIntervalSince(january31) == 28 * 86_400)
    }

    @Test func ordersByLength() throws {
        let periods = ["P1Y", "P1W", "P6M", "P3D", "P1M"].compactMap(SubscriptionPeriod.init(iso8601:))
        let sorted = periods.sorted { $0.approximateDays < $1.approximateDays }.map(\.iso8601)
        #expect(sorted == ["P3D", "P1W", "P1M", "P6M", "P1Y"])
    }

    @Test func roundTripsThroughJSON() throws {
        let period = try #require(SubscriptionPeriod(iso8601: "P3M"))
        let data = try JSONEncoder().encode([period])
        #expect(String(decoding: data, as: UTF8.self) == #"["P3M"]"#)
        #expect(try JSONDecoder().decode([SubscriptionPeriod].self, from: data) == [period])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SubscriptionPeriod].self, from: Data(#"["P3Q"]"#.utf8))
        }
    }
}
