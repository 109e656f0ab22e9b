import Foundation
import Testing

@testable import ThumbLab

/// Hits only and every outlier rule on both scales, against pandas, numpy and pingouin run
/// independently on the same trials (Fixtures/cleaning/gen_cleaning.py): what each case
/// removes (each trial, and the counts), the summary by technique, and the comparison of
/// techniques on the cleaned times.
@Suite struct CleaningReferenceTests {
    let folder = TemporaryFolder()

    /// Every case of `cleaning.json`, read once.
    nonisolated(unsafe) static let cases: [[String: Any]] = {
        let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/cleaning/cleaning.json")
        let object = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return object["cases"] as! [[String: Any]]
    }()

    func study(_ data: String) throws -> Study {
        if data == "bundled" { return try bundledStudy(folder: folder) }
        let database = try StudyDatabase(
            path: folder.url.appendingPathComponent("edge-\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(
            at: repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/cleaning/edge_trials.csv").path,
            options: ImportOptions())
        return Study(database: database)
    }

    static func selection(_ reference: [String: Any]) throws -> Selection {
        var selection = Selection(
            timeTrials: TimeTrials(rawValue: reference["trials"] as! String)!,
            outlierScale: OutlierScale(rawValue: reference["scale"] as! String)!)
        if let rule = reference["outliers"] as? String { selection.outliers = try OutlierRule(parsing: rule) }
        return selection
    }

    @Test(arguments: ["bundled", "edge"])
    func everyCaseMatchesTheReference(_ data: String) throws {
        let study = try study(data)
        let cases = Self.cases.filter { $0["data"] as? String == data }
        #expect(cases.count == (data == "bundled" ? 32 : 28))
        for reference in cases {
            try check(reference, study: study)
        }
    }

    func check(_ reference: [String: Any], study: Study) throws {
        let name = reference["name"] as! String
        let selection = try Self.selection(reference)
        let summary = try study.summary(SummaryRequest(by: ["technique"]), selection: selection)
        let cleaning = summary.selection.cleaning
        #expect(summary.selection.trials == reference["selected"] as? Int, "\(name) selected")
        #expect(summary.selection.trialsUsed == reference["trials_used"] as? Int, "\(name) trials used")
        #expect((cleaning?.removedMisses ?? 0) == reference["removed_misses"] as? Int, "\(name) misses")
        #expect((cleaning?.removedOutliers ?? 0) == reference["removed_outliers"] as? Int, "\(name) outliers")
        try checkSummary(summary, reference, name: name)
        try checkRemovedTrials(study.excludedTrials(selection: selection), reference, name: name)
        try checkComparison(study, selection: selection, reference, name: name)
    }

    func checkSummary(_ summary: SummaryReport, _ reference: [String: Any], name: String) throws {
        let rows = try #require(reference["summary_technique"] as? [[String: Any]])
        #expect(summary.rows.count == rows.count, "\(name) rows")
        for expected in rows {
            let technique = expected["technique"] as! String
            let row = try #require(summary.rows.first { $0.levels == [technique] }, "\(name): no row \(technique)")
            #expect(row.participants == expected["participants"] as? Int, "\(name) \(technique) participants")
            #expect(row.trials == expected["trials"] as? Int, "\(name) \(technique) trials")
            #expect(row.timeTrials == expected["time_trials"] as? Int, "\(name) \(technique) time_trials")
            for (field, value) in [
                ("time_geomean", row.timeGeomean), ("time_ci_low", row.timeCILow), ("time_ci_high", row.timeCIHigh),
                ("time_mean", row.timeMean), ("time_sd", row.timeSD), ("time_median", row.timeMedian),
                ("error_rate", row.errorRate),
            ] {
                if let number = expected[field] as? Double {
                    #expect(close(value, number), "\(name) \(technique) \(field): \(value ?? .nan) against \(number)")
                } else {
                    #expect(value == nil, "\(name) \(technique) \(field) should be null")
                }
            }
        }
    }

    func checkRemovedTrials(_ report: ExcludedTrialsReport, _ reference: [String: Any], name: String) throws {
        let onlyOutliers = reference["removed_trials_listed"] as? String == "outliers"
        let factors = report.factors
        let found = report.trials.filter { !onlyOutliers || $0.reason != "miss" }.map { trial in
            ([trial.participant] + trial.levels.map { $0 ?? "" }
                + ["\(trial.block ?? -1)", "\(trial.trial ?? -1)", "\(trial.attempt)", "\(trial.value)", trial.reason])
                .joined(separator: "|")
        }
        let expected = try #require(reference["removed_trials"] as? [[String: Any]]).map { row in
            ([row["participant"] as! String] + factors.map { row[$0] as! String }
                + [
                    "\(row["block"] as! Int)", "\(row["trial"] as! Int)", "\(row["attempt"] as! Int)",
                    "\((row["time_ms"] as! NSNumber).doubleValue)", row["reason"] as! String,
                ])
                .joined(separator: "|")
        }
        #expect(found.sorted() == expected.sorted(), "\(name): removed trials differ")
    }

    func checkComparison(_ study: Study, selection: Selection, _ reference: [String: Any], name: String) throws {
        let expected = try #require(reference["rm_anova_technique"] as? [String: Any])
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique"], test: .rmANOVA), selection: selection)
        let test = try #require(report.comparisons.first?.tests.first, "\(name): no test")
        #expect(report.participantsUsed == expected["participants"] as? Int, "\(name) participants")
        #expect(report.dropped.count == expected["participants_dropped"] as? Int, "\(name) dropped")
        var pairs: [(String, Double?)] = [
            ("F", test.statistic), ("df1", test.df1), ("df2", test.df2), ("p", test.p), ("ges", test.ges),
        ]
        if report.comparisons.first?.levels.count ?? 0 > 2 {
            pairs += [("epsilon_gg", test.epsilonGG), ("p_gg", test.pGG)]
        }
        for (field, value) in pairs {
            #expect(close(value, expected[field] as! Double), "\(name) rm-anova \(field)")
        }
        guard let paired = expected["paired_t"] as? [String: Any] else { return }
        let t = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique"], test: .pairedT), selection: selection)
        let tTest = try #require(t.comparisons.first?.tests.first, "\(name): no paired t")
        #expect(close(tTest.statistic, paired["t"] as! Double), "\(name) paired t")
        #expect(close(tTest.df, paired["df"] as! Double), "\(name) paired t df")
        #expect(close(tTest.p, paired["p"] as! Double), "\(name) paired t p")
    }
}
