import Foundation
import Testing

@testable import ThumbLabStats

/// The Friedman test on the published examples of EXPECTED.md §2.2–2.3.
@Suite struct FriedmanTests {
    /// Reads a wide CSV of the reference folder: the named columns, empty fields as NaN.
    static func wide(_ path: String, columns: [String]) throws -> FriedmanData {
        let table = try NonparametricFixtures.table(path)
        let values = try columns.map { name in try table.column(name).map { Double($0) ?? .nan } }
        let rows = table.rows.indices.map { row in columns.indices.map { values[$0][row] } }
        return try FriedmanData(conditions: columns, values: rows)
    }

    /// pingouin's rm_anova_wide: 12 rows, 3 with a missing value, 9 complete subjects.
    @Test func pingouinRMAnovaWide() throws {
        let data = try Self.wide("pingouin/rm_anova_wide.csv", columns: ["Before", "1 week", "2 week", "3 week"])
        #expect(data.n == 9)
        #expect(data.subjectsDropped == ["3", "7", "11"])
        let result = try Friedman.test(data)
        #expect(matchesPrinted(result.chiSquare, "11.5333"))
        #expect(result.df == 3)
        #expect(matchesPrinted(result.p, "0.009165"))
        #expect(matchesPrinted(result.kendallW, "0.42716"))
        #expect(matchesPrinted(try #require(result.f), "5.9655"))
        #expect(matchesPrinted(result.fDF1, "2.7778"))
        #expect(matchesPrinted(result.fDF2, "22.2222"))
        #expect(matchesPrinted(result.fP, "0.004505"))
        #expect(result.apa == "χ²(3, N = 9) = 11.53, p = .009, W = .427")
    }

    /// R's `?friedman.test` example (Hollander & Wolfe 1973, p. 140).
    @Test func roundingTimes() throws {
        let data = try Self.wide(
            "r-textbook/RoundingTimes.csv", columns: ["Round Out", "Narrow Angle", "Wide Angle"])
        let result = try Friedman.test(data)
        #expect(result.n == 22)
        #expect(matchesPrinted(result.chiSquare, "11.142857"))
        #expect(result.df == 2)
        #expect(matchesPrinted(result.p, "0.003805"))
        #expect(matchesPrinted(result.kendallW, "0.2532"))
    }

    /// pingouin's `friedman` docstring (wine tasting, with ties).
    @Test func wineWithTies() throws {
        let white: [Double] = [10, 8, 7, 9, 7, 4, 5, 6, 5, 10, 4, 7]
        let red: [Double] = [7, 5, 8, 6, 5, 7, 9, 6, 4, 6, 7, 3]
        let rose: [Double] = [8, 5, 6, 4, 7, 5, 3, 7, 6, 4, 4, 3]
        let data = try FriedmanData(
            conditions: ["white", "red", "rose"], values: white.indices.map { [white[$0], red[$0], rose[$0]] })
        let result = try Friedman.test(data)
        #expect(isClose(result.chiSquare, 2.0, relative: 1e-9))
        #expect(matchesPrinted(result.p, "0.367879"))
        #expect(matchesPrinted(result.kendallW, "0.083333"))
        #expect(isClose(try #require(result.f), 1.0, relative: 1e-9))
        #expect(matchesPrinted(result.fDF1, "1.8333"))
        #expect(matchesPrinted(result.fDF2, "20.1667"))
        #expect(matchesPrinted(result.fP, "0.378959"))
        #expect(result.tieCorrection < 1)
    }

    @Test func perfectAgreementHasNoFVariant() throws {
        let data = try FriedmanData(conditions: ["a", "b", "c"], values: [[1, 2, 3], [2, 3, 4], [0, 5, 9]])
        let result = try Friedman.test(data)
        #expect(result.kendallW == 1)
        #expect(result.f == nil)
        #expect(result.fP == 0)
        #expect(isClose(result.chiSquare, 6, relative: 1e-12))
    }

    @Test func allTiedRowsAreRejected() throws {
        let data = try FriedmanData(conditions: ["a", "b"], values: [[1, 1], [2, 2], [3, 3]])
        let error = #expect(throws: StatsError.self) { try Friedman.test(data) }
        #expect(error?.kind == .constantData)
    }

    @Test func badInputIsRejected() {
        #expect(throws: StatsError.self) { try FriedmanData(conditions: ["a"], values: [[1], [2]]) }
        #expect(throws: StatsError.self) { try FriedmanData(conditions: ["a", "b"], values: [[1, 2], [3]]) }
        #expect(throws: StatsError.self) {
            try FriedmanData(conditions: ["a", "b"], values: [[1, .infinity], [3, 4]])
        }
        #expect(throws: StatsError.self) { try FriedmanData(conditions: ["a", "b"], values: [[1, .nan], [3, 4]]) }
        #expect(throws: StatsError.self) { try FriedmanData(conditions: ["a", "a"], values: [[1, 2], [3, 4]]) }
    }

    @Test func longDataKeepsFirstAppearanceOrderAndDropsIncompleteSubjects() throws {
        let data = try FriedmanData(long: [
            ("s1", "x", 1), ("s1", "y", 2), ("s2", "y", 5), ("s2", "x", 4), ("s3", "x", 1), ("s4", "x", 3),
            ("s4", "y", 1),
        ])
        #expect(data.conditions == ["x", "y"])
        #expect(data.subjects == ["s1", "s2", "s4"])
        #expect(data.subjectsDropped == ["s3"])
        #expect(data.values == [[1, 2], [4, 5], [3, 1]])
        #expect(throws: StatsError.self) { try FriedmanData(long: [("s1", "x", 1), ("s1", "x", 2)]) }
    }
}
