import Foundation
import Testing

@testable import ThumbLabStats

/// Helpers for the ANOVA tests: relative comparison, the shared reference data folder and
/// a minimal reader for its plain CSV files (no quoted fields).
enum ANOVATestSupport {
    /// Whether `actual` is within `relative` of `expected` (absolute `1e-12` near zero).
    static func close(_ actual: Double, _ expected: Double, relative: Double = 1e-6) -> Bool {
        if actual == expected { return true }
        return abs(actual - expected) <= max(relative * abs(expected), 1e-12)
    }

    /// Whether `actual` rounds to `expected` printed with `decimals` decimals.
    static func agrees(_ actual: Double, _ expected: Double, decimals: Int) -> Bool {
        abs(actual - expected) <= 0.5 * pow(10, -Double(decimals)) + 1e-12
    }

    /// `shared/stats-reference-data`, found by walking up from this file, or nil.
    static let referenceFolder: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/stats-reference-data")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    static let referenceMissing =
        "shared/stats-reference-data not found beside the checkout; reference-data tests skipped"

    /// The rows of a reference CSV as dictionaries keyed by header (empty fields kept as "").
    static func readCSV(_ relativePath: String) throws -> [[String: String]] {
        let url = try #require(referenceFolder).appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"\u{FEFF}")) }
        return lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    /// Long-format observations from CSV rows, skipping rows whose value is empty.
    static func observations(
        _ rows: [[String: String]], subject: String, factors: [String], value: String
    ) -> [ANOVAObservation] {
        rows.compactMap { row in
            guard let number = Double(row[value] ?? "") else { return nil }
            let levels = Dictionary(uniqueKeysWithValues: factors.map { ($0, row[$0]!) })
            return ANOVAObservation(subject: row[subject]!, levels: levels, value: number)
        }
    }

    /// Observations averaged per subject and cell of the given factors (pingouin's pivot).
    static func cellMeans(_ data: [ANOVAObservation], factors: [String]) -> [ANOVAObservation] {
        var sums: [[String]: (sum: Double, count: Double, levels: [String: String])] = [:]
        var order: [[String]] = []
        for observation in data {
            let key = [observation.subject] + factors.map { observation.levels[$0]! }
            if sums[key] == nil {
                order.append(key)
                let levels = Dictionary(uniqueKeysWithValues: factors.map { ($0, observation.levels[$0]!) })
                sums[key] = (0, 0, levels)
            }
            sums[key]!.sum += observation.value
            sums[key]!.count += 1
        }
        return order.map { key in
            let cell = sums[key]!
            return ANOVAObservation(subject: key[0], levels: cell.levels, value: cell.sum / cell.count)
        }
    }
}

extension ANOVATestSupport {
    /// Whether `actual` agrees with a published figure to the precision it is printed with
    /// (`"0.00656"` → five decimals).
    static func matches(_ actual: Double, _ printed: String) -> Bool {
        let expected = Double(printed)!
        let decimals = printed.split(separator: ".").dropFirst().first.map { $0.count } ?? 0
        return agrees(actual, expected, decimals: decimals)
    }

    /// Whether the reference data folder is present.
    static var hasReferenceData: Bool { referenceFolder != nil }
}
