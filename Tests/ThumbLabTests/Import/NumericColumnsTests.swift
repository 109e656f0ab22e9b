import Foundation
import Testing

@testable import ThumbLab

/// Numeric columns of a trial log that are measures, not factors (`Fixtures/import/numbers`,
/// written by pandas): kept per trial in `trial_value` with the means pandas computes,
/// stated in the summary, overridden by name, refused at the place when a word appears,
/// and undone with their batch.
@Suite struct NumericColumnsTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/numbers")
    static let drags = folder.appendingPathComponent("drags.csv").path

    struct Expected: Decodable {
        var angle: [String: Double]
        var distance: [String: Double]
        var tilt: [String: Double]
        var global_trial_number: [String: Double]
        var rows: Int
        var distance_count: Int
        var log_distance: [String: Double]
        var where_distance_exclude_trials: [String: Int]
        var exclude_angles: [String: Int]
        var cleaned_tilt: CleanedTilt
    }

    struct CleanedTilt: Decodable {
        struct Removed: Decodable, Equatable {
            var participant: String
            var technique: String
            var trial: Int
            var tilt: Double
            var reason: String
        }
        var removed: [Removed]
        var misses: Int
        var outliers: Int
        var hinge: Double
        var flat: Double
        var t: Double
        var p: Double
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    /// The mean of `name` per technique, read back from the database.
    static func means(_ database: StudyDatabase, _ name: String) throws -> [String: Double] {
        let statement = try database.connection.prepare(
            """
            SELECT substr(t.condition, length('technique=') + 1), avg(v.value)
            FROM trial_long t JOIN trial_value v ON v.trial_id = t.id AND v.name = ?1
            GROUP BY t.condition
            """)
        try statement.bind(1, name)
        var result: [String: Double] = [:]
        while try statement.step() { result[statement.text(0)] = statement.double(1) }
        return result
    }

    @Test func aKeptColumnIsAMeasureAsScipyTestsIt() throws {
        let expected = try Self.expected().log_distance
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        let study = Study(database: fixture.database)
        let request = ComparisonRequest(
            measure: try Measure(parsing: "log:distance"), factors: ["technique"], test: .pairedT)
        let comparison = try #require(try study.compare(request).comparisons.first)
        #expect(request.measure.defaultAggregate == .mean)
        for level in comparison.levels {
            #expect(abs(level.mean - expected[level.level]!) < 1e-9, "\(level.level)")
        }
        let test = try #require(comparison.tests.first)
        // The levels come in file order (hinge, flat), as scipy's hinge - flat.
        #expect(abs(test.statistic - expected["t"]!) < 1e-9)
        #expect(abs(test.p - expected["p"]!) < 1e-9)
        #expect(throws: ThumbLabError.parameter(.unknownLoggedValue(name: "angel", known: ["angle", "distance", "global_trial_number", "tilt"]))) {
            try study.compare(ComparisonRequest(measure: .logged("angel"), factors: ["technique"]))
        }
    }

    @Test func aSummaryGivesAKeptColumnsMeanOfParticipantMeans() throws {
        let expected = try Self.expected().log_distance
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        let study = Study(database: fixture.database)
        let report = try study.summary(SummaryRequest(by: ["technique"], measure: .logged("distance")))
        #expect(report.rows.count == 2)
        for row in report.rows {
            let figures = try #require(row.measure)
            #expect(abs(figures.mean! - expected[row.levels[0]]!) < 1e-9)
            #expect(figures.ciLow! < figures.mean! && figures.mean! < figures.ciHigh!)
        }
        #expect(report.rows.map { $0.measure!.trials }.reduce(0, +) == (try Self.expected().distance_count))
        let table = SummaryTables.table(report, decimals: nil)
        #expect(table.columns.suffix(5) == ["log_distance_trials", "log_distance_mean", "log_distance_sd",
            "log_distance_ci_low", "log_distance_ci_high"])
        #expect(report.methods.contains("For log:distance, the mean of the participants' per-cell means"))
        #expect(throws: ThumbLabError.parameter(.summaryMeasure(measure: "time"))) {
            try study.summary(SummaryRequest(measure: .time))
        }
    }

    @Test func keptColumnsAndTrialNumbersFilterByRangeAsPandasDoes() throws {
        let expected = try Self.expected()
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        let study = Study(database: fixture.database)
        func trials(keep: [String] = [], exclude: [String] = [], attempts: AttemptPolicy = .first) throws -> [String: Int] {
            let selection = Selection(
                study: "s", keep: try keep.map(LevelFilter.init(parsing:)),
                exclude: try exclude.map(LevelFilter.init(parsing:)), attempts: attempts)
            let report = try study.summary(SummaryRequest(by: ["technique"]), selection: selection)
            return Dictionary(uniqueKeysWithValues: report.rows.map { ($0.levels[0], $0.trials) })
        }
        #expect(try trials(keep: ["distance=..50"], exclude: ["trial=1-5"]) == expected.where_distance_exclude_trials)
        #expect(try trials(exclude: ["angle=90..270"]) == expected.exclude_angles)
        #expect(try trials(exclude: ["angle=90..270"], attempts: .last) == expected.exclude_angles)
        #expect(try trials(exclude: ["angle=90..270"], attempts: .all) == expected.exclude_angles)
        #expect(try trials(keep: ["trial=3"]) == ["hinge": 4, "flat": 4])
        #expect(throws: ThumbLabError.selection(.malformedFilter(text: "trial=first"))) {
            try trials(keep: ["trial=first"])
        }
        #expect(
            throws: ThumbLabError.selection(
                .unknownFactor(name: "angel", study: "s", known: ["technique"], blockAllowed: true))
        ) { try trials(keep: ["angel=0..90"]) }
    }

    @Test func theCleaningStepsJudgeAKeptNumberWhenAnAnalysisMeasuresIt() throws {
        let expected = try Self.expected().cleaned_tilt
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        let study = Study(database: fixture.database)
        let selection = Selection(study: "s", timeTrials: .hits, outliers: .sd(2))

        let excluded = try study.excludedTrials(selection: selection, measure: .logged("tilt"))
        let removed = excluded.trials.map {
            CleanedTilt.Removed(
                participant: $0.participant, technique: $0.levels[0] ?? "", trial: $0.trial ?? -1, tilt: $0.value,
                reason: $0.reason)
        }.sorted { ($0.participant, $0.technique, $0.trial) < ($1.participant, $1.technique, $1.trial) }
        #expect(removed == expected.removed)
        #expect(expected.outliers > 0 && expected.misses > 0)
        let cleaning = try #require(excluded.selection.cleaning)
        #expect(cleaning.removedMisses == expected.misses && cleaning.removedOutliers == expected.outliers)
        #expect(excluded.methods.hasPrefix("Trials removed from the log:tilt analyses"))
        #expect(excluded.methods.contains("more than 2 SDs of log:tilt from the mean"))
        #expect(ExcludedTrialsTables.table(excluded).columns.suffix(2) == ["log:tilt", "reason"])
        #expect(excluded.selection.json.rendered().contains(#""cleaned_measure": "log:tilt""#))

        let comparison = try #require(
            try study.compare(
                ComparisonRequest(measure: .logged("tilt"), factors: ["technique"], test: .pairedT),
                selection: selection
            ).comparisons.first)
        for level in comparison.levels {
            #expect(abs(level.mean - (level.level == "hinge" ? expected.hinge : expected.flat)) < 1e-9)
        }
        let test = try #require(comparison.tests.first)
        #expect(abs(test.statistic - expected.t) < 1e-9 && abs(test.p - expected.p) < 1e-9)

        // Time is cleaned as before, and a measure the steps do not judge per trial is refused.
        let byTime = try study.excludedTrials(selection: selection)
        #expect(byTime.measure == .time && byTime.trials.allSatisfy { $0.value > 100 })
        #expect(throws: ThumbLabError.parameter(.measureNotCleaned(measure: "error"))) {
            try study.excludedTrials(selection: selection, measure: .error)
        }
    }

    @Test func aReportComparesAKeptColumnAfterTimeAndErrors() throws {
        let expected = try Self.expected().log_distance
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        let report = try Study(database: fixture.database).report(
            ReportRequest(measures: [.logged("distance"), .time]), selection: Selection(study: "s"))
        #expect(report.comparisons.map(\.request.measure) == [.time, .error, .logged("distance")])
        let distance = try #require(report.comparisons.last?.comparisons.first)
        for level in distance.levels { #expect(abs(level.mean - expected[level.level]!) < 1e-9) }
        #expect(report.results.contains { $0.hasPrefix("Distance.") })
        #expect(throws: ThumbLabError.parameter(.unknownLoggedValue(name: "dist", known: ["angle", "distance", "global_trial_number", "tilt"]))) {
            try Study(database: fixture.database).report(ReportRequest(measures: [.logged("dist")]), selection: Selection(study: "s"))
        }
    }

    @Test func continuousColumnsAreKeptAsNumbersWithPandasMeans() throws {
        let expected = try Self.expected()
        let fixture = try DatabaseFixture(seeded: false)
        let report = try fixture.importer.importFile(at: Self.drags, options: ImportOptions(study: "s"))
        #expect(report.rows == expected.rows)
        #expect(report.factors == ["technique"])
        #expect(report.numbers == ["global_trial_number", "angle", "distance", "tilt"])
        #expect(report.decisions == [.keptAsNumbers(["global_trial_number", "angle", "distance", "tilt"])])
        for (name, reference) in [
            ("angle", expected.angle), ("distance", expected.distance), ("tilt", expected.tilt),
            ("global_trial_number", expected.global_trial_number),
        ] {
            let stored = try Self.means(fixture.database, name)
            #expect(stored.keys.sorted() == reference.keys.sorted(), "\(name)")
            for (technique, mean) in reference {
                #expect(abs((stored[technique] ?? .nan) - mean) < 1e-9, "\(name) \(technique)")
            }
        }
        let count = try fixture.database.connection.prepare(
            "SELECT count(*) FROM trial_value WHERE name = 'distance'")
        try count.step()
        #expect(count.int(0) == expected.distance_count)
        #expect(try fixture.database.studyFactors().first?.factors.map(\.name) == ["technique"])

        try fixture.database.undo(batch: try #require(report.batch).id)
        let left = try fixture.database.connection.prepare("SELECT count(*) FROM trial_value")
        try left.step()
        #expect(left.int(0) == 0)
    }

    /// Across the batches in which the reading thread sends trials to the writer, and with
    /// participants first seen mid-file, each number reaches its own trial.
    @Test func eachNumberIsStoredWithItsOwnTrial() throws {
        let fixture = try DatabaseFixture(seeded: false)
        var log = "pid,trial,angle,time\n"
        for row in 0..<5000 {
            log += "P\(row / 700),\(row),\(row % 2 == 0 ? String(Double(row) / 4) : ""),\(500 + row % 7)\n"
        }
        let path = fixture.write(log, named: "long.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        #expect(report.numbers == ["angle"])
        let statement = try fixture.database.connection.prepare(
            """
            SELECT count(*), sum(v.value = t.trial / 4.0)
            FROM trial t JOIN trial_value v ON v.trial_id = t.id AND v.name = 'angle'
            """)
        try statement.step()
        #expect(statement.int(0) == 2500 && statement.int(1) == 2500)
    }

    @Test func theReaderHandsEachTrialItsNumbers() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.drags)))
        let read = try importInMemory(bytes, named: "drags.csv")
        #expect(read.layout.numberNames == ["global_trial_number", "angle", "distance", "tilt"])
        #expect(read.sink.numbers.count == read.sink.trials.count)
        #expect(read.sink.numbers.first == [1, 255, 55.793, 566.55])
        #expect(read.sink.numbers[5][2] == nil)
    }

    @Test func namedColumnsAreKeptAsTheirNamesSay() throws {
        var options = ImportOptions(study: "s")
        options.factorColumns = ["Angle"]
        options.numericColumns = ["technique"]
        let log = "pid,technique,angle,time\n" + (0..<30).map { "P1,\($0 % 2),\($0 * 10),500\n" }.joined()
        let read = try importInMemory(log, options: options)
        #expect(read.sink.factors == ["angle"])
        #expect(read.layout.numberNames == ["technique"])
        options.numericColumns = ["tech"]
        let error = #expect(throws: ThumbLabError.self) { _ = try importInMemory(log, options: options) }
        #expect(
            "\(error!)".contains(
                "tech was named to be kept as numbers, and the file has no such column beyond its fields; "
                    + "the columns it has are technique, angle"))
    }

    @Test func aTrialCounterIsTheTrialNumberWhenTheFileHasNone() throws {
        let log = "pid,trial_number_in_block,size,time\n" + (1...30).map { "P1,\($0),\($0 % 3),500\n" }.joined()
        let read = try importInMemory(log)
        #expect(read.sink.trials.map(\.trial) == Array(1...30))
        #expect(read.decisions.contains(.trialCounter(column: "trial_number_in_block")))
        #expect(read.sink.factors == ["size"])
    }

    @Test func aWordInAColumnKeptAsNumbersIsRefusedAtItsPlace() throws {
        let log =
            "pid,technique,angle,time\n" + (0..<30).map { "P1,A,\($0 == 29 ? "left" : String($0)),500\n" }.joined()
        var options = ImportOptions()
        options.numericColumns = ["angle"]
        let found = problems { _ = try importInMemory(log, options: options) }
        let problem = try #require(found?.problems.first)
        #expect(problem.line == 31 && problem.column == 3)
        #expect(problem.message == "expected a number in angle, which is kept as numbers, found 'left'")
        #expect(problem.remedy == .keepAsFactor(column: "angle"))
    }

    /// A column with few different numbers in the first 1,000 rows is counted again over
    /// 10,000: 20 values there, 40 in the file.
    @Test func differentNumbersAreCountedOverTenThousandRows() throws {
        let log =
            "pid,technique,step,time\n" + (0..<2000).map { "P1,\($0 % 2 == 0 ? "A" : "B"),\($0 / 50),500\n" }.joined()
        let read = try importInMemory(log)
        #expect(read.layout.numberNames == ["step"])
        #expect(read.sink.factors == ["technique"])
    }

    @Test func fewDifferentNumbersStayAFactor() throws {
        let log = "pid,size,time\n" + (0..<40).map { "P1,\([3.6, 5.8, 9.6][$0 % 3]),500\n" }.joined()
        let read = try importInMemory(log)
        #expect(read.sink.factors == ["size"])
        #expect(read.layout.numberColumns.isEmpty)
    }
}
