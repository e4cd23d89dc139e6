import Foundation
import StoreCore

extension StoreActionRunner {
    /// `retention ...`: a change only a store that manages retention content can make (the
    /// simulator in this process, or a server's client for reviews).
    func manageRetention() async throws -> String {
        let change = try words.retentionManagement(readFile: { path in
            Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        })
        guard let managing = store as? any RetentionManaging else {
            throw StoreError.invalidAction(
                "this store cannot manage retention messages: upload them with Apple's client against kiosk serve "
                    + "(docs/retention.md)")
        }
        return try await managing.manageRetention(change)
    }
}

extension StoreOutput {
    /// The cancel sheet: what was shown and why, then the call to the endpoint.
    public func retentionSheet(_ sheet: RetentionSheet) throws(StoreOutputError) {
        guard !json else {
            try emit(sheet)
            return
        }
        write(sheet.summary)
        if let content = sheet.content {
            write("  \(content.header)")
            write("  \(content.body)")
            if let image = content.image {
                write("  [image: \(image.altText), \(image.width)×\(image.height)]")
            }
            for bullet in content.bulletPoints { write("  • \(bullet.text)") }
        }
        if let exchange = sheet.exchange {
            let status = exchange.httpStatus.map { " HTTP \($0)" } ?? ""
            write(
                "  asked \(exchange.url) (request \(exchange.requestIdentifier)): \(exchange.result)\(status) in "
                    + "\(Int(exchange.milliseconds)) ms")
        }
    }
}
