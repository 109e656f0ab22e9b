import Foundation
import Testing

@testable import ThumbLab

/// `summary` on the bundled dataset against values computed independently with pandas
/// (Fixtures/analysis/gen_reference.py), and the attempt policies and filters it shares
/// with every analysis.
@Suite struct SummaryReferenceTests {
    let folder = TemporaryFolder()

    @Test func techniqueBySizeCellsMatchTheReference() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.summary(SummaryRequest(by: ["technique", "target_size_mm"]))
        let expected = try #require(reference("summary_technique_size") as? [[String: Any]])
        #expect(report.rows.count == expected.count)
        for cell in expected {
            let levels = [cell["technique"] as! String, String(describing: cell["target_size_mm"]!)]
            let row = try #require(report.rows.first { $0.levels == levels }, "no row for \(levels)")
            #expect(row.participants == cell["participants"] as? Int)
            #expect(row.trials == cell["trials"] as? Int)
            let pairs: [(String, Double?)] = [
                ("time_geomean", row.timeGeomean), ("time_ci_low", row.timeCILow), ("time_ci_high", row.timeCIHigh),
                ("time_mean", row.timeMean), ("time_sd", row.timeSD), ("time_median", row.timeMedian),
                ("error_rate", row.errorRate), ("error_ci_low", row.errorCILow), ("error_ci_high", row.errorCIHigh),
                ("offset_dx_px", row.offsetDxPx), ("offset_dy_px", row.offsetDyPx),
                ("offset_dx_sd_px", row.offsetSDxPx),
                ("offset_dy_sd_px", row.offsetSDyPx), ("offset_dx_mm", row.offsetDxMM),
                ("offset_dy_mm", row.offsetDyMM),
                ("offset_dx_sd_mm", row.offsetSDxMM), ("offset_dy_sd_mm", row.offsetSDyMM),
            ]
            for (field, value) in pairs {
                #expect(close(value, cell[field] as! Double), "\(levels) \(field)")
            }
        }
        #expect(report.selection.trials == 5184)
        #expect(report.selection.participants == 16)
    }

    @Test(arguments: [AttemptPolicy.first, .last, .all])
    func errorRatesUnderEachAttemptPolicy(_ attempts: AttemptPolicy) throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.summary(SummaryRequest(by: ["technique"]), selection: Selection(attempts: attempts))
        for row in report.rows {
            let expected = try #require(reference("attempts", attempts.rawValue, row.levels[0]) as? [String: Any])
            #expect(row.trials == expected["trials"] as? Int)
            #expect(close(row.errorRate, expected["rate"] as! Double))
            #expect(close(row.errorCILow, expected["ci_low"] as! Double))
            #expect(close(row.errorCIHigh, expected["ci_high"] as! Double))
        }
        #expect(report.selection.attempts == attempts)
    }

    @Test func withoutADeviceTheMillimetreFiguresAreNull() throws {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("plain.sqlite").path)
        _ = try Importer(database: database).importFile(
            at: repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift/trials.csv").path,
            options: ImportOptions())
        let report = try Study(database: database).summary(SummaryRequest(by: ["technique"]))
        #expect(report.rows.allSatisfy { $0.offsetDxPx != nil && $0.offsetDxMM == nil && $0.offsetSDyMM == nil })
    }

    @Test func perParticipantRowsCoverEveryParticipantAndCell() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.summary(SummaryRequest(by: ["technique"], perParticipant: true))
        #expect(report.rows.count == 48)
        #expect(report.rows.first?.participant == "P01")
        #expect(report.rows.allSatisfy { $0.participants == 1 && $0.trials == 108 })
        let first = try #require(report.rows.first)
        let logMean = try referenceNumber("paired_time", "values", "P01", "Direct")
        #expect(close(first.timeGeomean, Foundation.exp(logMean)))
    }

    @Test func excludingPracticeBlocksEqualsTheTrialLogAlone() throws {
        let withPractice = try bundledStudy(["trials.csv", "touches.csv"], folder: folder)
        let all = try withPractice.summary(SummaryRequest(by: ["technique"]))
        #expect(all.selection.trials == 5184 + 576)
        let main = try withPractice.summary(
            SummaryRequest(by: ["technique"]),
            selection: Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])]))
        let trialsOnly = try bundledStudy(folder: folder).summary(SummaryRequest(by: ["technique"]))
        #expect(main.rows.map(\.trials) == trialsOnly.rows.map(\.trials))
        for (a, b) in zip(main.rows, trialsOnly.rows) {
            #expect(close(a.timeGeomean, b.timeGeomean!, 1e-12))
            #expect(close(a.errorRate, b.errorRate!, 1e-12))
        }
        let practice = try withPractice.summary(
            SummaryRequest(by: ["technique"]), selection: Selection(keep: [LevelFilter(factor: "block", levels: ["0"])])
        )
        #expect(practice.selection.trials == 576)
    }

    @Test func withoutByASummaryUsesTheFactorsTrialsAreRecordedUnder() throws {
        let answers = folder.url.appendingPathComponent("answers.csv").path
        try "participant,technique,round,instrument,item,value\nP01,Direct,r1,SEQ,1,5\nP02,Shift,r2,SEQ,1,6\n"
            .write(toFile: answers, atomically: true, encoding: .utf8)
        let study = try bundledStudy(["trials.csv", answers], folder: folder)
        let report = try study.summary()
        #expect(report.factors == ["technique", "target_size_mm", "mobility"])
        #expect(report.selection.trials == 5184)
        #expect(report.rows.count == 18)
    }

    @Test func aWhereFilterKeepsOnlyItsLevels() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.summary(
            SummaryRequest(by: ["technique", "mobility"]),
            selection: Selection(keep: [LevelFilter(factor: "mobility", levels: ["walking"])]))
        #expect(
            report.rows.map(\.levels) == [["Direct", "walking"], ["Shift", "walking"], ["ThumbSpace", "walking"]])
        #expect(report.selection.keep == [LevelFilter(factor: "mobility", levels: ["walking"])])
    }

    @Test(arguments: [
        (Selection(keep: [LevelFilter(factor: "hand", levels: ["left"])]), "no factor 'hand'"),
        (Selection(keep: [LevelFilter(factor: "technique", levels: ["Laser"])]), "no level 'Laser'"),
        (Selection(exclude: [LevelFilter(factor: "block", levels: ["9"])]), "no block '9'"),
        (Selection(study: "other"), "no study named 'other'"),
    ])
    func unknownNamesAreUsageErrorsListingTheKnownOnes(_ selection: Selection, _ message: String) throws {
        let study = try bundledStudy(folder: folder)
        do {
            _ = try study.summary(selection: selection)
            Issue.record("expected a usage error")
        } catch let error as ThumbLabError {
            let text = error.description
            #expect(text.contains(message), "\(text)")
            #expect(
                text.contains("technique") || text.contains("Direct") || text.contains("1, 2, 3")
                    || text.contains("default"))
        }
    }

    @Test func filtersParseFromTheCommandLineForm() throws {
        #expect(
            try LevelFilter(parsing: "technique=Shift, Direct")
                == LevelFilter(factor: "technique", levels: ["Shift", "Direct"]))
        for bad in ["technique", "=Shift", "technique="] {
            #expect(throws: ThumbLabError.self) { try LevelFilter(parsing: bad) }
        }
    }
}
