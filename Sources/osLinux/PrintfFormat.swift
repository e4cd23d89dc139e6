import Foundation

/// How `os_log`'s printf-style messages read on standard error: each conversion takes the next
/// argument; a `{public}`/`{private}` annotation is dropped (values are shown whatever their
/// privacy, see `OSLogPrivacy`), and `{bool}`/`{BOOL}` write `true`/`false` and `YES`/`NO` as
/// the unified log does. `%@` and `%s` take a Swift `String` as well as an `NSString` or a C
/// string, since `String(format:)` on Linux cannot be trusted with `%@` for every argument.
enum PrintfFormat {
    static func render(_ format: String, _ arguments: [any CVarArg]) -> String {
        var output = ""
        var remaining = arguments[...]
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            output += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            guard let specifier = Specifier(parsing: &characters) else {
                output += "%"
                continue
            }
            if specifier.conversion == "%" {
                output += "%"
                continue
            }
            guard let argument = remaining.popFirst() else {
                output += specifier.text  // no argument left: the specifier stays, as written
                continue
            }
            output += specifier.rendering(argument)
        }
        return output + characters
    }

    /// One conversion, from after its `%` to its conversion character.
    struct Specifier {
        /// As written, for a specifier without its argument.
        let text: String
        let annotation: String
        /// Flags, width and precision, as printf reads them.
        let options: String
        let conversion: Character

        init?(parsing characters: inout Substring) {
            let start = characters
            var annotation = ""
            if characters.first == "{", let close = characters.firstIndex(of: "}") {
                annotation = String(characters[characters.index(after: characters.startIndex)..<close])
                characters = characters[characters.index(after: close)...]
            }
            let optionEnd = characters.firstIndex { !"-+ #0'123456789.".contains($0) } ?? characters.endIndex
            options = String(characters[..<optionEnd])
            characters = characters[optionEnd...]
            // Length modifiers (hh, l, ll, q, z, …) only say how wide a C argument is; Swift's
            // arguments know their width, so they are read and dropped.
            let lengthEnd = characters.firstIndex { !"hlqLztj".contains($0) } ?? characters.endIndex
            characters = characters[lengthEnd...]
            guard let conversion = characters.popFirst() else {
                characters = start
                return nil
            }
            self.annotation = annotation
            self.conversion = conversion
            text = "%" + start[..<characters.startIndex]
        }

        func rendering(_ argument: any CVarArg) -> String {
            switch conversion {
            case "@": return Self.describing(argument)
            case "s", "S":
                if let pointer = argument as? UnsafePointer<CChar> { return String(cString: pointer) }
                if let pointer = argument as? UnsafeMutablePointer<CChar> { return String(cString: pointer) }
                return Self.describing(argument)
            case "d", "i":
                guard let number = Self.integer(argument) else { return Self.describing(argument) }
                if annotation.contains("BOOL") { return number != 0 ? "YES" : "NO" }
                if annotation.contains("bool") { return number != 0 ? "true" : "false" }
                return String(format: "%\(options)lld", number)
            case "u", "x", "X", "o", "c":
                guard let number = Self.integer(argument) else { return Self.describing(argument) }
                if conversion == "c" {
                    return Unicode.Scalar(UInt32(truncatingIfNeeded: number)).map(String.init) ?? ""
                }
                return String(format: "%\(options)ll\(conversion)", UInt64(bitPattern: number))
            case "f", "F", "e", "E", "g", "G", "a", "A":
                guard let number = Self.double(argument) else { return Self.describing(argument) }
                return String(format: "%\(options)\(conversion)", number)
            default: return Self.describing(argument)
            }
        }

        static func describing(_ argument: any CVarArg) -> String {
            if let string = argument as? String { return string }
            if let object = argument as? NSObject { return object.description }
            return String(describing: argument)
        }

        static func integer(_ argument: any CVarArg) -> Int64? {
            if let bool = argument as? Bool { return bool ? 1 : 0 }
            if let number = argument as? any BinaryInteger { return Int64(truncatingIfNeeded: number) }
            if let number = argument as? NSNumber { return number.int64Value }
            return nil
        }

        static func double(_ argument: any CVarArg) -> Double? {
            if let number = argument as? any BinaryFloatingPoint { return Double(number) }
            if let number = argument as? any BinaryInteger { return Double(number) }
            if let number = argument as? NSNumber { return number.doubleValue }
            return nil
        }
    }
}
