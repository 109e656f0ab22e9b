/// A JSON value whose objects keep their keys in the order given, so that printed
/// results read the same on every run and in every tool (RFC 8259).
public enum JSONValue: Equatable, Sendable {
    /// `null`: a missing or undefined value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number, printed without a decimal point.
    case int(Int)
    /// A number; non-finite values print as `null`, which JSON has no spelling for.
    case number(Double)
    /// A string, printed with JSON escapes.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object: members as (key, value) pairs, printed in this order.
    case object([(String, JSONValue)])

    /// A random seed as a JSON number, or as text above the largest `Int`.
    static func seed(_ seed: UInt64) -> JSONValue {
        seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// The value as JSON text: objects and arrays over several lines, indented by two
    /// spaces; empty containers and scalars on one line.
    public func rendered(indent: Int = 0) -> String {
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value): return Self.format(value)
        case .string(let value): return Self.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let body = items.map { inner + $0.rendered(indent: indent + 2) }
            return "[\n" + body.joined(separator: ",\n") + "\n\(outer)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let body = members.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: indent + 2) }
            return "{\n" + body.joined(separator: ",\n") + "\n\(outer)}"
        }
    }

    /// Shortest text that reads back as the same `Double`; whole numbers without `.0`.
    package static func format(_ value: Double) -> String { NumberText.shortest(value) }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The value as a table cell: strings bare, numbers as in JSON, `null` empty.
    public var plainText: String {
        switch self {
        case .null: ""
        case .string(let value): value
        case .array(let items): items.map(\.plainText).joined(separator: ", ")
        default: rendered()
        }
    }
}
