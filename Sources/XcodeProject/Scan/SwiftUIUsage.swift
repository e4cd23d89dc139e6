/// Whether a file that imports SwiftUI is view code or only a purchase manager that imports
/// SwiftUI for `ObservableObject`, `@Published` and `@MainActor` (Xcode's templates do). Kiosk's
/// Linux `SwiftUI` module holds exactly those non-view declarations, so the second kind
/// compiles; the first is left out of the package, and said so.
enum SwiftUIUsage {
    /// SwiftUI's names for views, scenes, their property wrappers and what they draw with. A
    /// file that uses one (and does not declare a type of that name itself) is view code.
    static let viewWords: Set<String> = [
        "View", "ViewBuilder", "ViewModifier", "App", "Scene", "WindowGroup", "PreviewProvider", "Preview",
        "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Binding", "Bindable",
        "AppStorage", "SceneStorage", "FocusState", "Namespace", "GestureState",
        "UIApplicationDelegateAdaptor",
        "NSApplicationDelegateAdaptor", "Text", "Image", "Button", "Label", "Toggle", "Picker", "VStack",
        "HStack", "ZStack", "LazyVStack", "LazyHStack", "List", "ForEach", "Form", "Section",
        "NavigationView",
        "NavigationStack", "NavigationLink", "ScrollView", "Spacer", "Divider", "GeometryReader", "Color",
        "Font", "LinearGradient", "RoundedRectangle", "Capsule", "Circle", "withAnimation", "Animation",
        "ProductView", "StoreView", "SubscriptionStoreView", "SubscriptionStoreButton", "EnvironmentValues",
        "Alert", "ToolbarItem", "AnyView", "EmptyView", "Group", "GroupBox", "ProgressView",
    ]

    /// The first view word the file's code uses where Linux compiles it (not in comments,
    /// string literals or a branch of an `#if canImport`/`#if os`, so "App Store" in a message
    /// is no view), with its line; nil when the file is not view code.
    static func firstViewUse(in facts: SwiftSourceFacts) -> (word: String, line: Int)? {
        let own = Set(facts.declaredTypes)
        return viewWords.subtracting(own).compactMap { word in
            facts.unguardedFirstLine[word].map { (word, $0) }
        }
        .min { ($0.1, $0.0) < ($1.1, $1.0) }
        .map { (word: $0.0, line: $0.1) }
    }

    /// The file's lines with comments and the contents of string literals blanked out, line
    /// numbers kept (a multi-line string's lines stay, empty).
    static func codeLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var inBlockComment = false
        var inString = false
        var multiLine = false
        let characters = Array(text)
        var index = 0
        func peek(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append(current)
                current = ""
                // A single-line string cannot span lines; a stray quote should not eat the file.
                if inString && !multiLine { inString = false }
                index += 1
                continue
            }
            if inBlockComment {
                if character == "*", peek(1) == "/" {
                    inBlockComment = false
                    index += 1
                }
            } else if inString {
                if character == "\\" {
                    index += 1
                } else if character == "\"" {
                    if multiLine {
                        if peek(1) == "\"", peek(2) == "\"" {
                            inString = false
                            index += 2
                        }
                    } else {
                        inString = false
                    }
                }
            } else if character == "/", peek(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            } else if character == "/", peek(1) == "*" {
                inBlockComment = true
                index += 1
            } else if character == "\"" {
                inString = true
                multiLine = peek(1) == "\"" && peek(2) == "\""
                if multiLine { index += 2 }
                current.append(" ")
            } else {
                current.append(character)
            }
            index += 1
        }
        lines.append(current)
        return lines
    }
}
