import Foundation
import Testing

/// Access to the shared reference data (`shared/stats-reference-data`) for the ART and
/// Friedman tests, and to the JSON fixtures of this target.
enum NonparametricFixtures {
    /// The reference-data folder: the first `shared/stats-reference-data` found beside this
    /// file or any folder above it, or nil when it is absent.
    static let referenceFolder: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/stats-reference-data")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("EXPECTED.md").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// Why reference-data tests are skipped, shown by Swift Testing.
    static let missingReferenceMessage: Comment =
        "shared/stats-reference-data not found above the package; reference-data tests skipped"

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

    /// Reads `relativePath` inside the reference folder; nil when the folder is absent.
    static func table(_ relativePath: String) throws -> Table? {
        guard let folder = referenceFolder else { return nil }
        let text = try String(contentsOf: folder.appendingPathComponent(relativePath), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        let split = lines.map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
        }
        return Table(header: split[0], rows: Array(split.dropFirst()))
    }

    /// Decodes a JSON fixture of this test target.
    static func json<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}

/// `|actual − expected| ≤ tolerance · max(|expected|, floor)`.
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double = 1e-6, floor: Double = 1e-12) -> Bool {
    abs(actual - expected) <= tolerance * max(abs(expected), floor)
}
