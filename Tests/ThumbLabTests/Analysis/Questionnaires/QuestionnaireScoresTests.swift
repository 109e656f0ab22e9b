import Foundation
import Testing

@testable import ThumbLab

/// Questionnaire scoring against `Fixtures/scores/expected.json` (computed independently by
/// `gen_scores.py` with pandas, numpy and scipy) and against hand-checked cases.
@Suite("Questionnaire scores: reference values")
struct QuestionnaireScoresReferenceTests {
    @Test(
        "every score, cell figure, grade, item summary and exclusion matches the reference",
        arguments: ["SUS", "satisfaction", "NASA-TLX", "UMUX-Lite", "SEQ"])
    func matchesReference(instrument: String) throws {
        let expected = try #require(try ScoresFixture.expected().cases.first { $0.instrument == instrument })
        let data = try ScoresFixture.load(expected.file)
        let scores = try QuestionnaireScores.compute(
            responses: data.responses, layout: data.layout, instrument: instrument, by: [])
        #expect(scores.count == 1)
        let result = try #require(scores.first)
        #expect(result.instrument.name == expected.instrument)
        #expect(result.instrument.kind.rawValue == expected.kind)
        #expect(result.factors == expected.factors)
        #expect(result.sheets == expected.sheets)

        #expect(result.participants.count == expected.participants.count)
        for (actual, reference) in zip(result.participants, expected.participants) {
            #expect(actual.participant == reference.participant)
            #expect(actual.levels == [CellLevel(factor: "technique", level: reference.technique)])
            #expect(actual.sheets == 1)
            expectClose(actual.score, reference.score, "\(reference.participant) \(reference.technique) score")
            #expect(Set(actual.subscores.map(\.name)) == Set(reference.subscores.keys))
            for (name, value) in reference.subscores {
                expectClose(actual.subscore(name), value, "\(reference.participant) \(reference.technique) \(name)")
            }
            expectClose(actual.percentile, reference.percentile, "\(reference.participant) percentile")
            #expect(actual.grade?.rawValue == reference.grade)
        }

        #expect(
            result.cells.map(\.levels) == expected.cells.map { [CellLevel(factor: "technique", level: $0.technique)] })
        for (cell, reference) in zip(result.cells, expected.cells) {
            let label = "\(instrument) \(reference.technique)"
            reference.figures.check(
                n: cell.n, mean: cell.mean, sd: cell.sd, median: cell.median, ciLow: cell.ciLow, ciHigh: cell.ciHigh,
                label)
            #expect(cell.grade?.rawValue == reference.grade, "\(label) grade")
            expectClose(cell.percentile, reference.percentile, "\(label) percentile")
            #expect(Set(cell.subscales.map(\.name)) == Set(reference.subscales.keys))
            for subscale in cell.subscales {
                let figures = try #require(reference.subscales[subscale.name])
                figures.check(
                    n: subscale.n, mean: subscale.mean, sd: subscale.sd, median: subscale.median,
                    ciLow: subscale.ciLow, ciHigh: subscale.ciHigh, "\(label) \(subscale.name)")
            }
        }

        #expect(result.excluded.count == expected.excluded.count)
        for (exclusion, reference) in zip(result.excluded, expected.excluded) {
            #expect(exclusion.participant == reference.participant)
            #expect(exclusion.levels == [CellLevel(factor: "technique", level: reference.technique)])
            #expect(exclusion.reason == reference.reason)
        }

        let items = expected.items ?? []
        #expect(result.items.count == items.count)
        for (item, reference) in zip(result.items, items) {
            #expect(item.item == reference.item)
            #expect(item.levels == [CellLevel(factor: "technique", level: reference.technique)])
            #expect(item.n == reference.n)
            #expect(item.participants == reference.participants)
            expectClose(item.median, reference.median, "median")
            expectClose(item.q1, reference.q1, "q1")
            expectClose(item.q3, reference.q3, "q3")
            let distribution = Dictionary(
                uniqueKeysWithValues: item.distribution.map { (describeValue($0.value), $0.count) })
            #expect(distribution == reference.distribution)
        }
    }

    @Test("without an instrument name every instrument is scored, in the order it first appears")
    func everyInstrument() throws {
        let data = try ScoresFixture.load("Tests/ThumbLabTests/Fixtures/scores/tlx_umux_seq.csv")
        let scores = try QuestionnaireScores.compute(
            responses: data.responses, layout: data.layout, instrument: nil, by: [])
        #expect(scores.map(\.instrument.name) == ["NASA-TLX", "UMUX-Lite", "SEQ"])
        let named = try QuestionnaireScores.compute(
            responses: data.responses, layout: data.layout, instrument: "umux lite", by: ["technique"])
        #expect(named == [scores[1]])
    }

    @Test("the thumbspace-vs-shift SUS cells are graded D, C and C")
    func datasetGrades() throws {
        let data = try ScoresFixture.load("Datasets/thumbspace-vs-shift/responses.csv")
        let sus = try QuestionnaireScores.compute(
            responses: data.responses, layout: data.layout, instrument: "sus", by: ["technique"])[0]
        #expect(sus.cells.map { $0.grade?.rawValue } == ["D", "C", "C"])
        #expect(sus.excluded.isEmpty)
        #expect(sus.method.contains("mean 68 and SD 12.5"))
        #expect(sus.score(participant: "P01", levels: ["Shift"])?.conditionIDs == [2])
    }
}

/// `|actual − expected| ≤ 1e-9 · max(1, |expected|)`; `nil` and NaN stand for a missing value.
private func expectClose(
    _ actual: Double?, _ expected: Double?, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actualValue = actual.flatMap { $0.isNaN ? nil : $0 }
    guard let expected else {
        #expect(
            actualValue == nil, "\(label): expected no value, got \(String(describing: actual))",
            sourceLocation: sourceLocation)
        return
    }
    guard let actualValue else {
        Issue.record("\(label): expected \(expected), got no value", sourceLocation: sourceLocation)
        return
    }
    #expect(
        abs(actualValue - expected) <= 1e-9 * max(1, abs(expected)), "\(label): \(actualValue) vs \(expected)",
        sourceLocation: sourceLocation)
}

/// The reference file and the CSV files it scores, read simply (no quoted fields).
private enum ScoresFixture {
    static let root = repositoryRoot

    struct Document: Decodable {
        let cases: [Case]
    }

    struct Case: Decodable {
        let file: String
        let instrument: String
        let kind: String
        let factors: [String]
        let sheets: Int
        let participants: [Participant]
        let cells: [Cell]
        let excluded: [Exclusion]
        let items: [Item]?
    }

    struct Participant: Decodable {
        let participant: String
        let technique: String
        let score: Double
        let subscores: [String: Double]
        let percentile: Double?
        let grade: String?
    }

    struct Figures: Decodable {
        let n: Int
        let mean: Double?
        let sd: Double?
        let median: Double?
        let ciLow: Double?
        let ciHigh: Double?

        enum CodingKeys: String, CodingKey {
            case n, mean, sd, median
            case ciLow = "ci_low"
            case ciHigh = "ci_high"
        }

        func check(
            n: Int, mean: Double, sd: Double, median: Double, ciLow: Double, ciHigh: Double, _ label: String
        ) {
            #expect(n == self.n, "\(label) n")
            expectClose(mean, self.mean, "\(label) mean")
            expectClose(sd, self.sd, "\(label) sd")
            expectClose(median, self.median, "\(label) median")
            expectClose(ciLow, self.ciLow, "\(label) ci_low")
            expectClose(ciHigh, self.ciHigh, "\(label) ci_high")
        }
    }

    struct Cell: Decodable {
        let technique: String
        let figures: Figures
        let grade: String?
        let percentile: Double?
        let subscales: [String: Figures]

        enum CodingKeys: String, CodingKey { case technique, grade, percentile, subscales }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            technique = try container.decode(String.self, forKey: .technique)
            grade = try container.decodeIfPresent(String.self, forKey: .grade)
            percentile = try container.decodeIfPresent(Double.self, forKey: .percentile)
            subscales = try container.decode([String: Figures].self, forKey: .subscales)
            figures = try Figures(from: decoder)
        }
    }

    struct Exclusion: Decodable {
        let participant: String
        let technique: String
        let reason: String
    }

    struct Item: Decodable {
        let item: String
        let technique: String
        let n: Int
        let participants: Int
        let median: Double
        let q1: Double
        let q3: Double
        let distribution: [String: Int]
    }

    /// `expected.json`, decoded with `JSONDecoder`, which reads doubles exactly.
    static func expected() throws -> Document {
        let url = root.appendingPathComponent("Tests/ThumbLabTests/Fixtures/scores/expected.json")
        return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
    }

    /// The responses of a `participant,technique,instrument,item,value` file and a layout
    /// with one factor, technique, whose conditions are numbered from 1 in order of
    /// appearance, as are participants. Line 1 is the header.
    static func load(_ path: String) throws -> (responses: [ResponseRow], layout: StudyLayout) {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var techniques: [String] = []
        var participants: [String] = []
        var responses: [ResponseRow] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst()
        where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if !participants.contains(fields[0]) { participants.append(fields[0]) }
            if !techniques.contains(fields[1]) { techniques.append(fields[1]) }
            let participant = Int64(participants.firstIndex(of: fields[0])! + 1)
            let condition = Int64(techniques.firstIndex(of: fields[1])! + 1)
            responses.append(
                ResponseRow(
                    participantID: participant, conditionID: condition, instrument: fields[2], item: fields[3],
                    value: try #require(Double(fields[4])), line: index + 1))
        }
        let layout = StudyLayout(
            study: "fixture", factors: [FactorLevels(name: "technique", levels: techniques)],
            conditions: Dictionary(uniqueKeysWithValues: techniques.indices.map { (Int64($0 + 1), [techniques[$0]]) }),
            participants: Dictionary(
                uniqueKeysWithValues: participants.indices.map { (Int64($0 + 1), participants[$0]) }),
            blocks: [], batchDevices: [:])
        return (responses, layout)
    }
}

/// A two-factor study (technique A/B x mobility standing/walking, plus a condition that
/// names only the technique) to write answers into by hand.
private struct HandSheets {
    static let layout = StudyLayout(
        study: "hand",
        factors: [
            FactorLevels(name: "technique", levels: ["A", "B"]),
            FactorLevels(name: "mobility", levels: ["standing", "walking"]),
        ],
        conditions: [
            1: ["A", "standing"], 2: ["A", "walking"], 3: ["B", "standing"], 4: ["B", "walking"], 5: ["A", nil],
        ],
        participants: [1: "P1", 2: "P2", 3: "P10"], blocks: [], batchDevices: [:])

    var rows: [ResponseRow] = []

    /// Adds one sheet, its answers on consecutive lines from `line`.
    mutating func add(
        _ participant: Int64, _ condition: Int64, _ instrument: String, _ answers: [(String, Double)], line: Int
    ) {
        for (offset, answer) in answers.enumerated() {
            rows.append(
                ResponseRow(
                    participantID: participant, conditionID: condition, instrument: instrument, item: answer.0,
                    value: answer.1, line: line + offset))
        }
    }

    /// SUS answers named `1` to `10` (or with a prefix).
    static func sus(_ values: [Double], prefix: String = "") -> [(String, Double)] {
        values.enumerated().map { ("\(prefix)\($0.offset + 1)", $0.element) }
    }

    func scores(_ instrument: String? = nil, by: [String] = ["technique"]) throws -> QuestionnaireScores {
        try #require(
            try QuestionnaireScores.compute(responses: rows, layout: Self.layout, instrument: instrument, by: by).first)
    }
}

@Suite("Questionnaire scores: hand-checked rules")
struct QuestionnaireScoresRuleTests {
    @Test(
        "SUS score and sub-scales",
        arguments: [
            ([3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 50.0, 50.0, 50.0),
            ([5, 1, 5, 1, 5, 1, 5, 1, 5, 1], 100, 100, 100),
            ([1, 5, 1, 5, 1, 5, 1, 5, 1, 5], 0, 0, 0),
            ([4, 2, 4, 1, 5, 2, 4, 2, 4, 3], 77.5, 75, 78.125),
        ])
    func sus(answers: [Double], score: Double, learnability: Double, usability: Double) throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "SUS", HandSheets.sus(answers), line: 2)
        let result = try sheets.scores()
        let participant = try #require(result.participants.first)
        #expect(participant.score == score)
        #expect(participant.subscore("learnability") == learnability)
        #expect(participant.subscore("usability") == usability)
        #expect(result.excluded.isEmpty)
    }

    @Test("SUS item names may carry a prefix", arguments: ["sus", "q", "SUS_", "Item "])
    func susItemNames(prefix: String) throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "sus", HandSheets.sus([4, 2, 4, 1, 5, 2, 4, 2, 4, 3], prefix: prefix), line: 2)
        #expect(try sheets.scores().participants.first?.score == 77.5)
    }

    @Test(
        "Sauro-Lewis grades at their boundaries, on the unrounded score",
        arguments: [
            (100.0, "A+"), (84.1, "A+"), (84.09, "A"), (84.05, "A"), (80.8, "A"), (80.79, "A-"), (78.9, "A-"),
            (78.89, "B+"), (77.2, "B+"), (77.19, "B"), (74.1, "B"), (74.09, "B-"), (72.6, "B-"), (72.59, "C+"),
            (71.1, "C+"), (71.09, "C"), (65.0, "C"), (64.99, "C-"), (62.7, "C-"), (62.69, "D"), (51.7, "D"),
            (51.69, "F"), (0, "F"),
        ])
    func grades(score: Double, grade: String) {
        #expect(SUSGrade(score: score)?.rawValue == grade)
    }

    @Test("SUS percentile ranks under the normal approximation to Sauro's norms (68, 12.5)")
    func percentiles() {
        #expect(SUSScoring.percentile(68) == 50)
        #expect(abs(SUSScoring.percentile(80.5) - 84.13447460685429) < 1e-9)
        #expect(abs(SUSScoring.percentile(55.5) - 15.865525393145707) < 1e-9)
        #expect(SUSGrade(score: .nan) == nil)
    }

    @Test(
        "an invalid SUS sheet is excluded with the item, value and line",
        arguments: [
            ([("4", 6.0)], "SUS item 4 is 6 at line 5; SUS items are 1 to 5"),
            ([("4", 2.5)], "SUS item 4 is 2.5 at line 5; SUS items are whole numbers 1 to 5"),
            ([("4", 0)], "SUS item 4 is 0 at line 5; SUS items are 1 to 5"),
            (
                [("7", .nan)],
                "SUS item 7 is missing (the sheet's answers are at lines 2 to 10); "
                    + "a SUS sheet answers items 1 to 10 once each"
            ),
        ])
    func invalidSUS(change: [(String, Double)], reason: String) throws {
        var answers = HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
        for (item, value) in change {
            let index = try #require(answers.firstIndex { $0.0 == item })
            if value.isNaN { answers.remove(at: index) } else { answers[index].1 = value }
        }
        var sheets = HandSheets()
        sheets.add(2, 3, "SUS", answers, line: 2)
        sheets.add(1, 3, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 20)
        let result = try sheets.scores()
        #expect(result.participants.map(\.participant) == ["P1"])
        #expect(
            result.excluded == [
                ScoreExclusion(
                    participant: "P2", participantID: 2, conditionID: 3,
                    levels: [CellLevel(factor: "technique", level: "B")],
                    reason: reason)
            ])
        #expect(result.method.contains("1 sheet could not be scored"))
    }

    @Test("repeated and unnumbered SUS items are named with every line")
    func repeatedSUSItems() throws {
        var answers = HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
        answers.append(("4", 2))
        answers.append(("ease", 3))
        var sheets = HandSheets()
        sheets.add(1, 1, "SUS", answers, line: 2)
        #expect(
            try sheets.scores().excluded.map(\.reason) == [
                "SUS item 'ease' at line 13 has no item number; SUS items are numbered 1 to 10; "
                    + "SUS item 4 is answered twice, at lines 5 and 12; each item is answered once"
            ])
    }

    @Test("raw and weighted NASA-TLX, with the item spellings on the form")
    func tlx() throws {
        let ratings: [(String, Double)] = [
            ("Mental Demand", 70), ("physical", 20), ("Temporal_Demand", 50), ("performance", 30), ("EFFORT", 60),
            ("Frustration Level", 40),
        ]
        let weights: [(String, Double)] = [
            ("mental_weight", 5), ("physical_weight", 0), ("weight_temporal", 3), ("Performance Weight", 1),
            ("effort_weight", 4), ("frustration_weight", 2),
        ]
        var sheets = HandSheets()
        sheets.add(1, 1, "NASA TLX", ratings + weights, line: 2)
        sheets.add(2, 1, "tlx", ratings, line: 20)
        let result = try sheets.scores()
        #expect(result.instrument == Instrument(recognizing: "NASA-TLX"))
        let weighted = try #require(result.participants.first)
        #expect(weighted.score == 45)
        #expect(abs(try #require(weighted.subscore("weighted")) - 850.0 / 15) < 1e-12)
        #expect(weighted.subscore("mental") == 70)
        #expect(result.participants[1].subscore("weighted") == nil)
        #expect(result.cells.first?.subscales.first { $0.name == "weighted" }?.n == 1)
    }

    @Test("NASA-TLX weights that do not sum to 15 exclude the sheet")
    func tlxWeightSum() throws {
        var sheets = HandSheets()
        let ratings = ["mental", "physical", "temporal", "performance", "effort", "frustration"].map { ($0, 50.0) }
        let weights = [5.0, 0, 3, 1, 3, 2].enumerated().map { ("\(ratings[$0.offset].0)_weight", $0.element) }
        sheets.add(1, 1, "NASA-TLX", ratings + weights, line: 2)
        #expect(
            try sheets.scores().excluded.map(\.reason) == [
                "NASA-TLX weights sum to 14, not 15, at lines 8 to 13; "
                    + "the 15 pairwise comparisons give weights that sum to 15"
            ])
    }

    @Test("NASA-TLX: a rating out of range, a missing dimension and an unknown item, all named")
    func tlxProblems() throws {
        var sheets = HandSheets()
        sheets.add(
            1, 1, "NASA-TLX",
            [("mental", 120), ("physical", 10), ("temporal", 10), ("performance", 10), ("effort", 10), ("fatigue", 3)],
            line: 2)
        #expect(
            try sheets.scores().excluded.map(\.reason) == [
                "NASA-TLX item 'fatigue' at line 7 is neither a dimension (mental, physical, temporal, performance, "
                    + "effort, frustration) nor a weight (mental_weight, ..., frustration_weight); "
                    + "NASA-TLX mental is 120 at line 2; NASA-TLX ratings are 0 to 100; "
                    + "NASA-TLX frustration is missing (the sheet's answers are at lines 2 to 7); "
                    + "a NASA-TLX sheet rates all six dimensions"
            ])
    }

    @Test(
        "UMUX-Lite score and its SUS equivalent",
        arguments: [(7.0, 7.0, 100.0, 87.9), (1, 1, 0, 22.9), (4, 5, 700.0 / 12, 0.65 * 700.0 / 12 + 22.9)])
    func umuxLite(item1: Double, item2: Double, score: Double, susEquivalent: Double) throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "UMUX-LITE", [("umux_2", item2), ("umux_1", item1)], line: 2)
        let participant = try #require(try sheets.scores().participants.first)
        #expect(abs(participant.score - score) < 1e-12)
        #expect(abs(try #require(participant.subscore("sus_equivalent")) - susEquivalent) < 1e-12)
    }

    @Test("SEQ scores the answer; a second answer or one out of range excludes the sheet")
    func seq() throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "SEQ", [("ease", 6)], line: 2)
        sheets.add(2, 1, "seq", [("ease", 8)], line: 3)
        sheets.add(3, 1, "SEQ", [("ease", 5), ("ease", 4)], line: 4)
        let result = try sheets.scores()
        #expect(result.participants.map(\.score) == [6])
        #expect(
            result.excluded.map(\.reason) == [
                "SEQ item 'ease' is 8 at line 3; SEQ answers are 1 to 7",
                "SEQ is answered twice in one condition, at lines 4 and 5; SEQ has one item, so record several "
                    + "tasks as a factor of their own",
            ])
    }

    @Test("a cell that pools conditions averages a participant's sheets first and says so")
    func pooling() throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 2)
        sheets.add(1, 2, "SUS", HandSheets.sus([5, 1, 5, 1, 5, 1, 5, 1, 5, 1]), line: 12)
        sheets.add(3, 1, "SUS", HandSheets.sus([4, 2, 4, 1, 5, 2, 4, 2, 4, 3]), line: 22)
        let pooled = try sheets.scores()
        #expect(pooled.participants.map(\.participant) == ["P1", "P10"])
        let first = pooled.participants[0]
        #expect(first.score == 75)
        #expect(first.sheets == 2)
        #expect(first.conditionIDs == [1, 2])
        #expect(first.subscore("learnability") == 75)
        #expect(first.grade == .b)
        #expect(pooled.cells.count == 1)
        #expect(pooled.cells[0].n == 2)
        #expect(pooled.cells[0].mean == 76.25)
        #expect(pooled.cells[0].grade == .b)
        #expect(pooled.method.contains("averaged first"))
        let split = try sheets.scores(by: [])
        #expect(split.factors == ["technique", "mobility"])
        #expect(split.cells.map { $0.levels.map(\.level) } == [["A", "standing"], ["A", "walking"]])
        #expect(split.participants.map(\.sheets) == [1, 1, 1])
        #expect(!split.method.contains("averaged first"))
        #expect(split.cells[1].n == 1)
        #expect(split.cells[1].sd.isNaN)
        #expect(split.score(participant: "P1", levels: ["A", "walking"])?.score == 100)
    }

    @Test("a sheet whose condition names no level of a cell factor is excluded, not dropped")
    func unplacedSheet() throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 2)
        sheets.add(2, 5, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 12)
        let result = try sheets.scores(by: [])
        #expect(result.participants.count == 1)
        #expect(
            result.excluded == [
                ScoreExclusion(
                    participant: "P2", participantID: 2, conditionID: 5,
                    levels: [CellLevel(factor: "technique", level: "A")],
                    reason: "the condition of the SUS answers at lines 12 to 21 records no level of 'mobility', "
                        + "so they belong to no cell")
            ])
    }

    @Test("usage errors name what there is")
    func usageErrors() throws {
        var sheets = HandSheets()
        sheets.add(1, 5, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 2)
        sheets.add(1, 5, "comfort", [("overall", 4)], line: 12)
        let layout = HandSheets.layout
        func usage(_ instrument: String?, _ by: [String], rows: [ResponseRow]? = nil) -> String? {
            do {
                _ = try QuestionnaireScores.compute(
                    responses: rows ?? sheets.rows, layout: layout, instrument: instrument, by: by)
                return nil
            } catch let error as ThumbLabError {
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(usage("TLX", []) == "the responses have no instrument 'TLX'; they have SUS, comfort")
        #expect(usage(nil, ["hand"]) == "study 'hand' has no factor 'hand'; its factors are technique, mobility")
        #expect(usage(nil, ["technique", "technique"]) == "factor 'technique' is named twice; name each factor once")
        #expect(
            usage("sus", ["mobility"])
                == "the SUS responses record no level of factor 'mobility'; they record technique")
        #expect(usage(nil, [], rows: [])?.hasPrefix("there are no questionnaire answers to score") == true)
        #expect(
            try QuestionnaireScores.compute(responses: sheets.rows, layout: layout, instrument: nil, by: []).count == 2)
    }

    @Test(
        "instrument names are recognised ignoring case, spaces, - and _",
        arguments: [
            ("SUS", InstrumentKind.sus, "SUS"), ("s u s", .sus, "SUS"), ("NASA-TLX", .nasaTLX, "NASA-TLX"),
            ("tlx", .nasaTLX, "NASA-TLX"), ("NASATLX", .nasaTLX, "NASA-TLX"), ("nasa_tlx", .nasaTLX, "NASA-TLX"),
            ("UMUX-Lite", .umuxLite, "UMUX-Lite"), ("umux lite", .umuxLite, "UMUX-Lite"), ("Seq", .seq, "SEQ"),
            (" satisfaction ", .likert, "satisfaction"), ("Raw TLX", .likert, "Raw TLX"),
        ])
    func recognition(text: String, kind: InstrumentKind, name: String) {
        let instrument = Instrument(recognizing: text)
        #expect(instrument.kind == kind)
        #expect(instrument.name == name)
        #expect(instrument.matches(name))
    }

    @Test("Likert sets: items summarised per cell, sheet scores the item mean, a missing item excluded")
    func likert() throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "Comfort", [("grip", 4), ("reach", 2)], line: 2)
        sheets.add(2, 1, "comfort", [("Grip", 5), ("reach", 5)], line: 4)
        sheets.add(3, 1, "comfort", [("grip", 5)], line: 6)
        let result = try sheets.scores()
        #expect(result.instrument.name == "Comfort")
        #expect(result.participants.map(\.score) == [3, 5])
        #expect(
            result.excluded.map(\.reason) == [
                "Comfort item 'reach' is missing (the sheet's answers are at line 6); each sheet answers the set's "
                    + "items (grip and reach) once"
            ])
        #expect(result.items.map(\.item) == ["grip", "reach"])
        let grip = result.items[0]
        #expect(grip.n == 3)
        #expect(grip.participants == 3)
        #expect(grip.median == 5)
        #expect(grip.q1 == 4.5)
        #expect(grip.iqr == 0.5)
        #expect(grip.distribution == [LikertCount(value: 4, count: 1), LikertCount(value: 5, count: 2)])
    }

    @Test("the JSON follows the contract and the tables carry the same rows")
    func rendering() throws {
        var sheets = HandSheets()
        sheets.add(1, 1, "SUS", HandSheets.sus([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 2)
        sheets.add(2, 3, "SUS", HandSheets.sus([6, 3, 3, 3, 3, 3, 3, 3, 3, 3]), line: 12)
        let result = try sheets.scores()
        guard case .object(let members) = ScoresTables.json(result) else {
            Issue.record("not an object")
            return
        }
        let object = Dictionary(members, uniquingKeysWith: { first, _ in first })
        #expect(object["instrument"] == .string("SUS"))
        guard case .array(let participants) = object["participants"],
            case .object(let participant) = participants.first,
            case .array(let cells) = object["cells"], case .object(let cell) = cells.first,
            case .array(let excluded) = object["excluded"], case .object(let exclusion) = excluded.first
        else {
            Issue.record("participants, cells or excluded missing")
            return
        }
        #expect(Array(participant.map(\.0).prefix(3)) == ["participant", "technique", "score"])
        #expect(participant[2].1 == .number(50))
        #expect(
            Array(cell.map(\.0).prefix(8)) == ["technique", "n", "mean", "sd", "median", "ci_low", "ci_high", "grade"])
        #expect(cell[7].1 == .string("F"))
        #expect(cell[3].1.rendered() == "null")
        #expect(exclusion.map(\.0) == ["participant", "technique", "reason", "condition"])
        #expect(ScoresTables.json([result]).rendered() == ScoresTables.json(result).rendered())
        let tables = ScoresTables.tables(result)
        #expect(tables.map(\.title) == ["SUS by cell", "SUS by participant", "SUS sheets excluded"])
        #expect(
            ScoresTables.cells(result).columns == [
                "technique", "n", "mean", "sd", "median", "ci_low", "ci_high", "grade", "percentile", "learnability",
                "usability",
            ])
        #expect(
            ScoresTables.excluded(result).rows == [
                [.string("P2"), .string("B"), .string("SUS item 1 is 6 at line 12; SUS items are 1 to 5")]
            ])
        #expect(ScoresTables.cells(result).rows.first?[2] == .number(50))
        #expect(ScoresTables.cells(result).rows.first?[8] == .number(7.49))
        #expect(ScoresTables.cells(result).rows.last?[1] == .int(0))
        #expect(
            ScoresTables.cells(result).rendered(as: .csv).hasPrefix("technique,n,mean,sd,median,ci_low,ci_high,grade"))
    }
}
