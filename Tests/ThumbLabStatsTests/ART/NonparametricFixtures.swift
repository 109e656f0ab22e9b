import Foundation
import Testing

/// Access to the published reference data sets vendored under `Fixtures/reference/` (see
/// the README there for each file's source, licence and citation).
enum NonparametricFixtures {
    /// The vendored reference-data folder.
    static let referenceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/reference")

    /// A parsed CSV file: header and rows of fields (quotes removed).
    struct Table {
        let header: [String]
        let rows: [[String]]

        func column(_ name: String) throws -> [String] {
            let index = try #require(header.firstIndex(of: name), "no column \(name) in \(header)")
            return rows.map { $0[index] }
        }

        func numbers(_ name: String) throws -> [Double] {
            try column(name).map { try #require(Double($0), "not a number: \($0)") }
        }

        /// Rows as factor -> level dictionaries for `factors`.
        func levels(_ factors: [String]) throws -> [[String: String]] {
            let columns = try factors.map { try column($0) }
            return rows.indices.map { row in
                Dictionary(uniqueKeysWithValues: factors.indices.map { (factors[$0], columns[$0][row]) })
            }
        }
    }

    /// Reads `relativePath` inside the reference folder; a missing file is an error.
    static func table(_ relativePath: String) throws -> Table {
        let text = try String(contentsOf: referenceFolder.appendingPathComponent(relativePath), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        let split = lines.map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
        }
        return Table(header: split[0], rows: Array(split.dropFirst()))
    }
}

/// True when `actual` agrees with a published value to the precision it is printed with
/// ("23.8326", ".00039150", "1.1124e-14"): within half a unit of its last printed digit.
func matchesPrinted(_ actual: Double, _ printed: String) -> Bool {
    guard let expected = Double(printed) else { return false }
    let lower = printed.lowercased()
    let mantissa = lower.split(separator: "e").first.map(String.init) ?? lower
    let exponent = lower.contains("e") ? Double(lower.split(separator: "e")[1]) ?? 0 : 0
    let decimals = mantissa.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
    let halfUnit = 0.5 * pow(10, exponent - Double(decimals))
    return abs(actual - expected) <= halfUnit * (1 + 1e-9)
}
