import Foundation
import SourceDiagnostics
import StoreCommands

extension RehearsalScript {
    /// The catalog file the rehearsal runs on: its `catalog` line (a bundled name, or a path
    /// relative to the file that says it), else `defaultCatalog`; nil for an unknown bundled name.
    public func catalogPath(bundled: (String) -> String?, defaultCatalog: String) -> String? {
        for step in steps {
            guard case .catalog(let name) = step.command else { continue }
            if !name.contains("/"), !name.hasSuffix(".storekit") { return bundled(name) }
            return RehearsalParser.resolve(name, relativeTo: step.file)
        }
        return defaultCatalog
    }

    /// Every product ID a line names: the product of `buy`, `latest`, `expire` and `renew`, of a
    /// `last PRODUCT` reference, and of `expect [no] entitlement`.
    public var productMentions: [(step: RehearsalStep, productID: String)] {
        steps.flatMap { step -> [(step: RehearsalStep, productID: String)] in
            var found: [String] = []
            switch step.command {
            case .store(let words, let references, _):
                let takesProduct: Set<StoreAction> = [.buy, .latest, .expire, .renew]
                if let action = StoreAction(rawValue: words.first ?? ""), takesProduct.contains(action),
                    let product = words.dropFirst().first(where: { !$0.hasPrefix("-") })
                {
                    found.append(product)
                }
                found += references.values.compactMap(\.productID)
            case .expect(.entitlement(let product, _)): found.append(product)
            case .expect(.transactionState(let reference, _)),
                .expect(.transactionFinished(let reference, _)),
                .expect(.verified(let reference, _)):
                found += [reference.productID].compactMap { $0 }
            default: break
            }
            return found.map { (step, $0) }
        }
    }

    /// A warning for each product ID the catalog does not sell, with the nearest one it does.
    public func unknownProducts(in catalog: [String]) -> [Diagnostic] {
        productMentions.filter { !catalog.contains($0.productID) }.map { mention in
            let column = (mention.step.text.range(of: mention.productID)?.lowerBound).map {
                mention.step.text.distance(from: mention.step.text.startIndex, to: $0) + 1
            }
            return Diagnostic(
                severity: .error,
                location: SourceLocation(
                    file: mention.step.file, line: mention.step.line, column: column ?? 1),
                path: "", value: mention.productID,
                message: Suggestion.appending(
                    to: "no product '\(mention.productID)' in the catalog", word: mention.productID,
                    candidates: catalog))
        }
    }
}

extension TransactionReference {
    /// The product of `last PRODUCT`.
    var productID: String? {
        if case .last(let product) = self { product } else { nil }
    }
}
