import Foundation

/// The start and end tags of an XML document with their attributes, enough for Xcode's
/// `.xcscheme` and `contents.xcworkspacedata` files (elements and attributes, no text content
/// that matters).
enum XMLElementScanner {
    enum Element: Equatable {
        case open(String, attributes: [String: String], selfClosing: Bool)
        case close(String)
    }

    static func elements(in text: String) -> [Element] { located(in: text).map(\.element) }

    /// The elements with the 1-based line and column (in Unicode scalars) of each one's `<`,
    /// for messages that point into the file.
    static func located(in text: String) -> [(element: Element, line: Int, column: Int)] {
        var elements: [(element: Element, start: Int)] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            // Declarations, comments and processing instructions hold no elements.
            if index + 1 < scalars.count, scalars[index + 1] == "?" || scalars[index + 1] == "!" {
                while index < scalars.count, scalars[index] != ">" { index += 1 }
                continue
            }
            let start = index
            index += 1
            let closing = index < scalars.count && scalars[index] == "/"
            if closing { index += 1 }
            var name = ""
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">",
                scalars[index] != "/"
            {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            var selfClosing = false
            while index < scalars.count, scalars[index] != ">" {
                if scalars[index] == "/" {
                    selfClosing = true
                    index += 1
                    continue
                }
                if isSpace(scalars[index]) {
                    index += 1
                    continue
                }
                var key = ""
                while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "=",
                    scalars[index] != ">"
                {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "=" { index += 1 }
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { continue }
                let quote = scalars[index]
                index += 1
                var value = ""
                while index < scalars.count, scalars[index] != quote {
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                attributes[key] = unescape(value)
            }
            index += 1
            elements.append(
                (
                    closing ? .close(name) : .open(name, attributes: attributes, selfClosing: selfClosing),
                    start
                ))
        }
        var located: [(element: Element, line: Int, column: Int)] = []
        var line = 1
        var lineStart = 0
        var scanned = 0
        for (element, start) in elements {
            while scanned < start {
                if scalars[scanned] == "\n" {
                    line += 1
                    lineStart = scanned + 1
                }
                scanned += 1
            }
            located.append((element, line, start - lineStart + 1))
        }
        return located
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
    }

    private static func unescape(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
