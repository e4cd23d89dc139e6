import Foundation
import StoreCore

/// A body the wire protocol reads, with the JSON it takes written in the API's own terms
/// (docs/openapi.yaml's types: string, integer, number, boolean, object, null), so a refused
/// body is answered with what to send instead, never with a Swift type's name (issue 38).
public protocol WireShaped {
    /// The JSON this body takes, as one line: `{"value": string or null}`.
    static var jsonShape: String { get }
}

extension Bool: WireShaped { public static var jsonShape: String { "boolean" } }
extension String: WireShaped { public static var jsonShape: String { "string" } }
extension Int: WireShaped { public static var jsonShape: String { "integer" } }
extension Double: WireShaped { public static var jsonShape: String { "number" } }
extension Date: WireShaped { public static var jsonShape: String { "integer (milliseconds since 1970)" } }

extension Optional: WireShaped where Wrapped: WireShaped {
    public static var jsonShape: String { Wrapped.jsonShape + " or null" }
}

extension Wire.Value: WireShaped where T: WireShaped {
    public static var jsonShape: String { #"{"value": \#(T.jsonShape)}"# }
}

extension Wire.PurchaseRequest: WireShaped {
    public static var jsonShape: String {
        #"{"productID": string, "options": object (optional), "confirmation": "confirm" or "cancel" (optional)}"#
    }
}

extension Wire.Refund: WireShaped {
    public static var jsonShape: String {
        #"{"value": 0 (other) or 1 (developer issue), "percentage": integer in milliunits (optional)}"#
    }
}

extension Wire.ClockAdvance: WireShaped {
    public static var jsonShape: String {
        #"{"seconds": number} on /v1/control/clock/advance, {"periods": integer, "groupID": string} on an account's"#
    }
}

extension Wire.SettingsPatch: WireShaped {
    public static var jsonShape: String {
        #"an object of the settings to change, such as {"askToBuyEnabled": boolean, "storefront": string}"#
    }
}

extension Wire.JournalNote: WireShaped {
    public static var jsonShape: String { #"{"action": string, "result": string}"# }
}

extension StoreAccount: WireShaped {
    public static var jsonShape: String { #"{"storefront": string, "familyID": string (optional)}"# }
}

/// What a refused body holds where the decoder stopped, in the API's terms.
enum WireFound {
    /// The JSON kind at `path` in `bytes` ("a string", "null", "an object"), nil when the body
    /// is not JSON or has nothing there.
    static func kind(at path: [any CodingKey], in bytes: [UInt8]) -> String? {
        guard var value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        for key in path {
            switch value {
            case .array(let items) where key.intValue.map(items.indices.contains) == true:
                value = items[key.intValue ?? 0]
            case .object(let members) where members[key.stringValue] != nil:
                value = members[key.stringValue] ?? .null
            default: return nil
            }
        }
        return value.kind
    }

    /// Any JSON value, read only to say what kind it is.
    private enum JSONValue: Decodable {
        case null, boolean, number, string
        case array([JSONValue])
        case object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if (try? container.decode(Bool.self)) != nil {
                self = .boolean
            } else if (try? container.decode(Double.self)) != nil {
                self = .number
            } else if (try? container.decode(String.self)) != nil {
                self = .string
            } else if let items = try? container.decode([JSONValue].self) {
                self = .array(items)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        var kind: String {
            switch self {
            case .null: "null"
            case .boolean: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// The JSON kind a decoder wanted, from the Swift type it was asked for.
    static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "a boolean"
        case is String.Type, is UUID.Type: return "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt32.Type, is UInt.Type:
            return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        case is Date.Type: return "an integer (milliseconds since 1970)"
        case is [Any].Type: return "an array"
        default:
            // Keyed containers (every struct body) are asked for as a dictionary.
            return "\(type)".hasPrefix("Dictionary") ? "an object" : "another kind of value"
        }
    }
}
