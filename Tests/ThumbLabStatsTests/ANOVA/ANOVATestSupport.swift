import Foundation
import Testing

@testable import ThumbLabStats

/// Helpers for the ANOVA tests, over the shared ones (`isClose`, `matchesPrinted`,
/// `NonparametricFixtures`): tolerances and long-format observations from reference CSVs.
enum ANOVATestSupport {
    /// Whether `actual` is within `relative` of `expected` (absolute `1e-12` near zero).
    static func close(_ actual: Double, _ expected: Double, relative: Double = 1e-6) -> Bool {
        isClose(actual, expected, relative: relative, absolute: 1e-12)
    }

    /// Whether `actual` agrees with a published figure to the precision it is printed with.
    static func matches(_ actual: Double, _ printed: String) -> Bool {
        matchesPrinted(actual, printed)
    }

    /// The rows of a reference CSV as dictionaries keyed by header (empty fields kept as "").
    static func readCSV(_ relativePath: String) throws -> [[String: String]] {
        let table = try NonparametricFixtures.table(relativePath)
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0)) }
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
