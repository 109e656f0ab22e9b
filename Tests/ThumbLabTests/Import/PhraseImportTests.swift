import Foundation
import Testing

@testable import ThumbLab

/// Phrase logs of a one-handed text-entry study in the shapes other tools write them
/// (`Fixtures/textentry`, written by `gen_phrase_logs.py`): each imports to the same
/// phrases, with the measures, the ANOVA and the learning curves the generator computed with
/// its own implementation, pingouin and numpy.
@Suite struct PhraseImportTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/textentry")

    struct Expected: Decodable {
        struct Phrase: Decodable {
            var participant: String
            var posture: String
            var phrase: Int
            var presented: String
            var transcribed: String
            var seconds: Double
            var msd: Int
            var wpm: Double
            var msd_error_rate: Double
            var kspc: Double
            var total_error_rate: Double
            var corrected_error_rate: Double
            var uncorrected_error_rate: Double
            var adj_wpm: Double
        }
        struct ANOVA: Decodable {
            var F: Double
            var df1: Double
            var df2: Double
            var p: Double
            var means: [String: Double]
        }
        struct Curve: Decodable {
            var a: Double
            var b: Double
            var means: [Double]
        }
        var phrases: [Phrase]
        var anova_all: ANOVA
        var anova_after_practice: ANOVA
        var msd_error_by_posture: [String: Double]
        var practice_curves: [String: Curve]
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    enum Shape: String, CaseIterable, CustomStringConvertible {
        case pandas, statsFiles, jsonLines
        var description: String { rawValue }
    }

    /// A database holding the study's phrases, imported from `shape`.
    static func study(_ shape: Shape) throws -> (DatabaseFixture, [ImportReport]) {
        let fixture = try DatabaseFixture(seeded: false)
        var reports: [ImportReport] = []
        switch shape {
        case .pandas:
            reports.append(
                try fixture.importer.importFile(
                    at: folder.appendingPathComponent("phrases_pandas.csv").path, options: ImportOptions(study: "s")))
        case .jsonLines:
            reports.append(
                try fixture.importer.importFile(
                    at: folder.appendingPathComponent("phrases.txt").path, options: ImportOptions(study: "s")))
        case .statsFiles:
            var options = ImportOptions(study: "s")
            options.namePattern = try FileNamePattern("{participant}_{posture}_stats.tsv")
            options.backspace = "#"
            let logs = folder.appendingPathComponent("logs")
            for name in try FileManager.default.contentsOfDirectory(atPath: logs.path).sorted() {
                reports.append(
                    try fixture.importer.importFile(at: logs.appendingPathComponent(name).path, options: options))
            }
        }
        return (fixture, reports)
    }

    @Test(arguments: Shape.allCases)
    func everyShapeGivesEveryPhrasesMeasures(shape: Shape) throws {
        let expected = try Self.expected()
        let (fixture, reports) = try Self.study(shape)
        #expect(reports.allSatisfy { $0.kind == .phrases })
        #expect(reports.map(\.rows).reduce(0, +) == 288)
        let statement = try fixture.database.connection.prepare(
            """
            SELECT participant, substr(condition, length('posture=') + 1), phrase, presented, transcribed, time_ms,
                msd, wpm, msd_error_rate, kspc, total_error_rate, corrected_error_rate, uncorrected_error_rate, adj_wpm
            FROM phrase_long
            """)
        var found = 0
        let byKey = Dictionary(
            uniqueKeysWithValues: expected.phrases.map { ("\($0.participant)|\($0.posture)|\($0.phrase)", $0) })
        while try statement.step() {
            let key = "\(statement.text(0))|\(statement.text(1))|\(statement.int64(2))"
            let want = try #require(byKey[key], "\(key)")
            found += 1
            #expect(statement.text(3) == want.presented && statement.text(4) == want.transcribed, "\(key)")
            #expect(abs(statement.double(5) - want.seconds * 1000) < 1e-6, "\(key)")
            #expect(Int(statement.int64(6)) == want.msd, "\(key)")
            #expect(abs(statement.double(7) - want.wpm) < 1e-9, "\(key)")
            #expect(abs(statement.double(8) - want.msd_error_rate) < 1e-12, "\(key)")
            #expect(abs(statement.double(9) - want.kspc) < 1e-12, "\(key)")
            #expect(abs(statement.double(10) - want.total_error_rate) < 1e-12, "\(key)")
            #expect(abs(statement.double(11) - want.corrected_error_rate) < 1e-12, "\(key)")
            #expect(abs(statement.double(12) - want.uncorrected_error_rate) < 1e-12, "\(key)")
            #expect(abs(statement.double(13) - want.adj_wpm) < 1e-9, "\(key)")
        }
        #expect(found == 288)
    }

    @Test func thePandasShapeKeepsTheLoggersWPMAndWarnsHowItDiffers() throws {
        let (fixture, reports) = try Self.study(.pandas)
        let report = try #require(reports.first)
        #expect(report.decisions.contains(.rowNumbers(column: 1)))
        #expect(report.factors == ["posture"])
        let warning = try #require(
            report.warnings.first {
                if case .loggedPhraseMeasureDiffers = $0 { return true }
                return false
            })
        guard case .loggedPhraseMeasureDiffers(let column, _, let differing, let compared, let ratio) = warning else {
            return
        }
        #expect(column == "WPM" && differing == 288 && compared == 288)
        // |T| / (|T| - 1) for phrases of 20-35 characters.
        #expect(ratio > 1.02 && ratio < 1.06)
        let study = Study(database: fixture.database)
        let logged = try study.summary(SummaryRequest(by: ["posture"], measure: .logged("WPM")))
        #expect(logged.rows.count == 3)
    }

    @Test func wpmByPostureIsPingouinsRepeatedMeasuresANOVA() throws {
        let expected = try Self.expected()
        let (fixture, _) = try Self.study(.statsFiles)
        let study = Study(database: fixture.database)
        for (anova, exclude) in [(expected.anova_all, [String]()), (expected.anova_after_practice, ["trial=1-2"])] {
            let selection = Selection(study: "s", exclude: try exclude.map(LevelFilter.init(parsing:)))
            let report = try study.compare(
                ComparisonRequest(measure: try Measure(parsing: "wpm"), factors: ["posture"], test: .rmANOVA),
                selection: selection)
            let comparison = try #require(report.comparisons.first)
            for level in comparison.levels {
                #expect(abs(level.mean - anova.means[level.level]!) < 1e-9, "\(level.level)")
            }
            let test = try #require(comparison.tests.first)
            #expect(abs(test.statistic - anova.F) < 1e-9)
            #expect(abs(test.p - anova.p) < 1e-12)
            #expect(report.sentences.joined().contains("WPM for thumb"))
        }
        let errors = try study.compare(
            ComparisonRequest(measure: .phrase(.msdErrorRate), factors: ["posture"]), selection: Selection(study: "s"))
        for level in try #require(errors.comparisons.first).levels {
            #expect(abs(level.mean - expected.msd_error_by_posture[level.level]!) < 1e-12)
        }
        #expect(errors.sentences.joined().contains("%"))
    }

    @Test func learningCurvesFitThePowerLawAsNumpyDoes() throws {
        let expected = try Self.expected().practice_curves
        let (fixture, _) = try Self.study(.jsonLines)
        let report = try Study(database: fixture.database).learningCurves(selection: Selection(study: "s"))
        #expect(report.curves.map { $0.levels.first ?? nil } == ["thumb", "two-thumbs", "finger"])
        for curve in report.curves {
            let want = try #require(expected[curve.levels[0] ?? ""])
            let fit = try #require(curve.fit)
            #expect(abs(fit.a - want.a) < 1e-9 && abs(fit.b - want.b) < 1e-12)
            #expect(curve.points.map(\.phrase) == Array(1...8))
            for (point, mean) in zip(curve.points, want.means) { #expect(abs(point.meanWPM - mean) < 1e-9) }
            #expect(curve.points.allSatisfy { $0.participants == 12 && $0.ciLow < $0.meanWPM })
        }
        #expect(report.sentences.count == 3 && report.sentences[0].hasPrefix("thumb: WPM = 25.8 × n^0.140"))
        let svg = SVGWriter.document(try LearningCurveTables.chart(report).figure())
        #expect(svg.contains("Phrase number") && svg.contains("WPM = 25.8 × n^0.140"))
        #expect(LearningCurveTables.points(report).rows.count == 24)
    }

    @Test func theReportComparesThePhraseMeasuresAndDrawsTheLearningCurves() throws {
        let expected = try Self.expected()
        let (fixture, _) = try Self.study(.statsFiles)
        let report = try Study(database: fixture.database).report(selection: Selection(study: "s"))
        #expect(
            report.comparisons.map(\.request.measure.description)
                == ["time", "wpm", "msd-error", "total-error", "corrected-error", "uncorrected-error", "kspc"])
        let wpm = try #require(report.comparisons[1].comparisons.first?.tests.first)
        #expect(abs(wpm.statistic - expected.anova_all.F) < 1e-9)
        #expect(report.notComputed.isEmpty)
        // The stats files come in name order, so finger is the first level.
        #expect(report.results.last?.hasPrefix("Learning. finger: WPM = ") == true)
        #expect(report.results.last?.contains("thumb: WPM = 25.8 × n^0.140") == true)
        let methods = report.methods.joined(separator: " ")
        #expect(methods.contains("(MacKenzie 2002)") && methods.contains("(Soukoreff & MacKenzie 2003)"))
        #expect(methods.contains("the power law of practice WPM = a × n^b was fitted"))
        let markdown = StudyReportDocument.markdown(report)
        #expect(markdown.contains("## Text entry") && markdown.contains(". Power law of practice, WPM = a × n^b\n"))
        #expect(StudyReportDocument.json(report).rendered().contains("\"learning_curves\": {"))
        // The stats files give no block: the Dataset sentence says so rather than list none.
        #expect(markdown.contains("288 trials; no blocks; 0 rows rejected at import"))

        // Gesture typing logs no keystrokes: speed and MSD errors only, and Methods say why.
        let gesture = try DatabaseFixture(seeded: false)
        let path = gesture.write(
            "participant,keyboard,presented,transcribed,time_s\n"
                + ["hello world", "helo world", "hello wrld", "hallo world"].enumerated().map { index, typed in
                    "P\(index),swipe,hello world,\(typed),\(2 + Double(index) / 10)\n"
                        + "P\(index),tap,hello world,\(index == 0 ? "help world" : "hello world"),\(3 + Double(index) / 7)\n"
                }.joined(),
            named: "gesture.csv")
        _ = try gesture.importer.importFile(at: path, options: ImportOptions(study: "g"))
        let plain = try Study(database: gesture.database).report(selection: Selection(study: "g"))
        #expect(plain.comparisons.map(\.request.measure.description) == ["time", "wpm", "msd-error"])
        #expect(
            plain.methods.joined().contains(
                "The logs hold no input streams, so KSPC and the corrected error rates are not reported."))
    }

    @Test func undoRemovesThePhrasesWithTheirTrials() throws {
        let (fixture, reports) = try Self.study(.pandas)
        _ = try fixture.database.undoBatch(try #require(reports.first?.batch).id)
        for table in ["phrase", "trial", "trial_value"] {
            let count = try fixture.database.connection.prepare("SELECT count(*) FROM \(table)")
            _ = try count.step()
            #expect(count.int64(0) == 0, "\(table)")
        }
    }

    /// R's write.csv of a typing study that names its texts `prompt` and `typed` and its
    /// time `ms`: read as a phrase log without any mapping.
    @Test func aPromptAndTypedLogIsAPhraseLog() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            """
            "participant","trial","condition","prompt","typed","ms","wpm"
            "A","1","OFF","mnemonic trick","mnemonic trick","6039","27.82"
            "A","2","AUTO","chiaroscuro art","chiaroscuro rt","6632","27.14"

            """, named: "typing.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        #expect(report.kind == .phrases && report.rows == 2)
        let statement = try fixture.database.connection.prepare(
            "SELECT presented, transcribed, msd, time_ms FROM phrase_long WHERE phrase = 2")
        _ = try statement.step()
        #expect(statement.text(0) == "chiaroscuro art" && statement.text(1) == "chiaroscuro rt")
        #expect(statement.int64(2) == 1 && statement.double(3) == 6632)
    }
}
