import Foundation

/// Loads the JSON fixtures written by the generator scripts in `Fixtures/`.
///
/// `JSONDecoder` is used because it parses doubles exactly; Foundation's
/// `JSONSerialization` on Linux rounds some 17-digit values (0.9999999999999999 becomes 1).
enum NumericFixtures {
    /// The decoded contents of `Fixtures/<name>.json`.
    static func load<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value {
        guard
            let url = Bundle.module.url(
                forResource: name, withExtension: "json", subdirectory: "Fixtures")
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(name).json"])
        }
        return try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
    }
}

/// A JSON number, or one of the strings "inf", "-inf", "nan" that the generators write for
/// values JSON cannot hold.
struct FixtureNumber: Decodable, Sendable {
    let value: Double

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
            return
        }
        switch try container.decode(String.self) {
        case "inf": value = .infinity
        case "-inf": value = -.infinity
        case "nan": value = .nan
        case let other:
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a number: \(other)")
        }
    }
}

/// True when `actual` is within `relative` of `expected` (relative to |expected|), or
/// within `absolute` of it; infinities must match exactly.
func isClose(_ actual: Double, _ expected: Double, relative: Double = 1e-6, absolute: Double = 0)
    -> Bool
{
    if expected.isInfinite || actual.isInfinite { return actual == expected }
    if expected.isNaN || actual.isNaN { return false }
    let difference = abs(actual - expected)
    return difference <= relative * abs(expected) || difference <= absolute
}
