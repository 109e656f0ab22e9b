import Foundation
import Testing
import ThumbLabStats

@testable import ThumbLab

/// Fitts measures against GoFitts' own sd2 values (EXPECTED.md section 1.1 tolerances for a
/// computation from sd1) and against numpy/scipy (`Fixtures/fitts/gen_fitts_reference.py`).
@Suite struct FittsReferenceTests {
    private func goFitts() throws -> FittsReport {
        let text = try String(contentsOfFile: fittsFixture("gofitts_B01.sd1"), encoding: .utf8)
        return try GoFittsLog.read(text, file: "gofitts_B01.sd1").fittsReport()
    }

    @Test func sd1SequencesMatchGoFittsSD2() throws {
        let report = try goFitts()
        let expected = try goFittsSD2Rows()
        #expect(report.sequences.count == 9)
        #expect(expected.count == 9)
        for (row, sd2) in zip(report.sequences, expected) {
            let m = row.measures
            let number = { (name: String) throws -> Double in try #require(Double(sd2[name] ?? "")) }
            #expect(row.participant == "P00")
            #expect(row.block == 1)
            #expect(m.trials == Int(try number("Trials")))
            #expect(m.amplitude == (try number("A")))
            #expect(m.width == (try number("W")))
            #expect(close(m.indexOfDifficulty, try number("ID"), 1e-6))
            #expect(close(m.effectiveWidth, try number("We"), 1e-3))
            #expect(close(m.timeMS, try number("MT(ms)"), 1e-3))
            #expect(close(m.errorPercent, try number("ER(%)"), 1e-9))
            #expect(close(m.throughput, try number("TP(bps)"), 0.03))
        }
        #expect(report.factors == GoFittsLog.codeColumns)
        #expect(report.sequences[0].levels == ["FittsTask", "C00", "S00", "G00", "2D", "MB", "PS"])
    }

    @Test func importedSD1GivesTheSameMeasures() throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("sd1.sqlite").path)
        let imported = try Importer(database: database).importFile(
            at: fittsFixture("gofitts_B01.sd1"), options: ImportOptions())
        #expect(imported.rows == 135)
        let report = try Study(database: database).fitts()
        let direct = try goFitts()
        #expect(report.factors.contains("A"))
        #expect(!report.factors.contains("PT(ms)"))
        #expect(report.sequences.count == 9)
        for (stored, read) in zip(report.sequences, direct.sequences) {
            #expect(stored.block == 1)
            #expect(stored.measures == read.measures)
        }
    }

    @Test func sd1SequencesMatchNumpy() throws {
        let report = try goFitts()
        for (index, row) in report.sequences.enumerated() {
            let m = row.measures
            #expect(close(m.effectiveAmplitude, try fittsNumber("gofitts_sd1", "sequences", index, "Ae")))
            #expect(close(m.effectiveWidth, try fittsNumber("gofitts_sd1", "sequences", index, "We")))
            #expect(close(m.effectiveIndexOfDifficulty, try fittsNumber("gofitts_sd1", "sequences", index, "IDe")))
            #expect(close(m.throughput, try fittsNumber("gofitts_sd1", "sequences", index, "TP")))
        }
        let cell = try #require(report.cells.first)
        try expectFit(cell.effectiveFit, "gofitts_sd1", "fit_ide")
        try expectFit(cell.nominalFit, "gofitts_sd1", "fit_id")
    }

    @Test func linearRegressionMatchesLinregress() throws {
        let x = try #require(try fittsValue("linregress", "x") as? [Double])
        let y = try #require(try fittsValue("linregress", "y") as? [Double])
        try expectFit(try Regression.linear(x, y), "linregress", "fit")
        #expect(throws: StatsError.self) { try Regression.linear([1, 1, 1], [2, 3, 4]) }
        #expect(throws: StatsError.self) { try Regression.linear([1, 2], [2]) }
    }

    @Test func studyDatabaseSequencesMatchNumpy() throws {
        let folder = TemporaryFolder()
        let report = try serialStudy(folder: folder).fitts(FittsRequest(by: ["technique"]))
        let expected = try #require(try fittsValue("serial", "sequences") as? [[String: Any]])
        #expect(report.sequences.count == expected.count)
        #expect(report.factors == ["technique", "amplitude"])
        for (row, reference) in zip(report.sequences, expected) {
            #expect(row.participant == reference["participant"] as? String)
            #expect(row.levels[0] == reference["technique"] as? String)
            let m = row.measures
            for (value, name) in [
                (m.amplitude, "A"), (m.width, "W"), (m.effectiveAmplitude, "Ae"), (m.effectiveWidth, "We"),
                (m.effectiveIndexOfDifficulty, "IDe"), (m.timeMS, "MT"), (m.errorPercent, "ER"), (m.throughput, "TP"),
            ] {
                #expect(close(value, try #require(reference[name] as? Double), 1e-9), "\(name)")
            }
        }
        #expect(report.cells.map(\.levels) == [["Direct"], ["Offset"]])
        for cell in report.cells {
            let technique = cell.levels[0]
            #expect(cell.participants == 3)
            for (value, name) in [
                (cell.throughput.mean, "mean"), (cell.throughput.sd, "sd"), (cell.throughput.ciLow, "ci_low"),
                (cell.throughput.ciHigh, "ci_high"),
            ] {
                #expect(close(value, try fittsNumber("serial", "techniques", technique, "throughput", name), 1e-9))
            }
            try expectFit(cell.effectiveFit, "serial", "techniques", technique, "fit_ide")
            try expectFit(cell.nominalFit, "serial", "techniques", technique, "fit_id")
            let fits = report.participantFits.filter { $0.levels == cell.levels }
            #expect(fits.map(\.participant) == ["P1", "P2", "P3"])
            for fit in fits {
                try expectFit(fit.fit, "serial", "techniques", technique, "participant_fits", fit.participant)
            }
        }
        #expect(report.methods.contains("Soukoreff & MacKenzie (2004"))
        #expect(report.selection?.trials == 432)
    }

    @Test func throughputComparesAcrossTechniques() throws {
        let folder = TemporaryFolder()
        let study = try serialStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .throughput, factors: ["technique"], test: .pairedT),
            selection: Selection())
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(test.test == "paired-t")
        #expect(close(test.statistic, try fittsNumber("serial", "compare_throughput", "t"), 1e-9))
        #expect(close(test.p, try fittsNumber("serial", "compare_throughput", "p"), 1e-7))
        #expect(test.df == 2)
        for level in comparison.levels {
            let means = try #require(
                try fittsValue("serial", "compare_throughput", "per_participant", level.level) as? [Double])
            #expect(close(level.mean, means.reduce(0, +) / Double(means.count), 1e-9))
            #expect(level.n == 3)
        }
        #expect(report.methods.contains("mean of each participant's sequence throughputs"))
        #expect(report.sentences.first?.contains("bits/s") == true)
        #expect(try Measure(parsing: "TP") == .throughput)
    }

    private func expectFit(_ fit: LinearRegressionResult?, _ path: String...) throws {
        let fit = try #require(fit)
        func value(_ name: String) throws -> Double {
            var current: Any? = fittsReference
            for key in path { current = (current as? [String: Any])?[key] }
            return try #require((current as? [String: Any])?[name] as? Double, "no \(name) at \(path)")
        }
        #expect(fit.n == Int(try value("n")))
        #expect(close(fit.intercept, try value("intercept"), 1e-9))
        #expect(close(fit.slope, try value("slope"), 1e-9))
        #expect(close(fit.rSquared, try value("r_squared"), 1e-9))
        #expect(close(fit.slopeStandardError, try value("slope_se"), 1e-9))
        #expect(close(fit.interceptStandardError, try value("intercept_se"), 1e-9))
        #expect(close(fit.p, try value("p"), 1e-7))
    }
}
