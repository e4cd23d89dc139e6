import Foundation
import Paywall
import StoreCommands
import StoreCore
import TerminalUI

/// A parsed `.rehearsal` file: its steps in order, `include`d files already in place.
public struct RehearsalScript: Sendable {
    /// The file as given on the command line.
    public var path: String
    public var steps: [RehearsalStep]

    /// The rehearsal's name: its file name without `.rehearsal`.
    public var name: String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".rehearsal") ? String(file.dropLast(".rehearsal".count)) : file
    }
}

/// One line of a rehearsal: where it is, what it says, what it does.
public struct RehearsalStep: Sendable {
    public var file: String
    public var line: Int
    /// The line as written, comments removed (for captions, reports and `--play`).
    public var text: String
    public var command: RehearsalCommand

    /// `file:line`, as located errors and failures start.
    public var location: String { "\(file):\(line)" }
}

/// A reference to a transaction: `last`, `last PRODUCT`, `$name` or a literal ID.
public enum TransactionReference: Sendable, Hashable, CustomStringConvertible {
    case last(productID: String?)
    case captured(String)
    case id(UInt64)

    public var description: String {
        switch self {
        case .last(let product): product.map { "last \($0)" } ?? "last"
        case .captured(let name): "$\(name)"
        case .id(let id): String(id)
        }
    }
}

/// What one line does.
public enum RehearsalCommand: Sendable {
    // Set-up, before the store opens.
    case catalog(String)
    case paywallCopy(String)
    case clock(Date)
    case seed(UInt64)
    /// A customer's history as the store's starting state (`trust`: its root; nil: unverified).
    case importHistory(files: [String], trust: String?)
    /// The account to act for (created when missing).
    case account(AccountName)
    // The store: any `kiosk store` action, its transaction references resolved when it runs.
    case store(words: [String], references: [Int: TransactionReference], capture: String?)
    // The paywall.
    case press([Key], count: Int)
    case type(String)
    case size(Size)
    case theme(String)
    case style(String)
    case template(PaywallTemplate)
    /// Starts the paywall (again, when it quit): as an app launching, it gets every unfinished
    /// transaction and every waiting message.
    case launch
    /// Starts a stand-in Get Retention Message endpoint answering as given, and configures the
    /// store's real-time URL to it (`RehearsalEndpoint`).
    case endpoint(RehearsalEndpoint.Answer)
    // Expectations.
    case expect(Expectation)
    // Output.
    case screenshot(String)
    case caption(String)
    case wait(Duration)

    /// Whether the line is a step of the flow: set-up and lines only `--play` shows are not.
    var isStep: Bool {
        switch self {
        case .caption, .wait, .catalog, .paywallCopy, .clock, .seed, .importHistory: false
        case .account, .store, .press, .type, .size, .theme, .style, .template, .launch, .expect, .screenshot,
            .endpoint:
            true
        }
    }
}

/// An `expect` line.
public enum Expectation: Sendable {
    case screen(String, present: Bool)
    case entitlement(String, present: Bool)
    case noEntitlements
    case transactionState(TransactionReference, String)
    case transactionFinished(TransactionReference, Bool)
    case status(group: String, state: String)
    case notification(type: NotificationType, subtype: NotificationSubtype?)
    case noNotification
    case banner(kind: String, text: String?)
    case noBanner
    case verified(TransactionReference, Bool)
    case error(String)
    case clock(Date)
    /// The cancel sheet in front of the paywall shows this kind of retention message
    /// (`message`, `image`, `switch-plan`, `offer`, `default`, `none`), with this text if given.
    case cancelSheet(kind: String, text: String?)
}
