import Foundation

/// The shop's preferences: `@Observable` with only Foundation imported, as Xcode compiles it
/// (Apple's Foundation brings Observation).
@Observable
final class Preferences {
    var showsAnnualFirst = true
    var highlighted: String?
}
