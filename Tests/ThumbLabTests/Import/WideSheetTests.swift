import Foundation
import Testing

@testable import ThumbLab

/// Questionnaire sheets in wide form (`Fixtures/import/wide`, written by pandas in the
/// spellings and answer words survey exports use): each imports as one answer per item
/// cell and scores as pandas scored the same answers.
@Suite struct WideSheetTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/wide")

    static func expected() throws -> [String: [String: Double]] {
        try JSONDecoder().decode(
            [String: [String: Double]].self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    static func options(instrument: WideInstrument? = nil, scale: TLXScale? = nil) -> ImportOptions {
        var options = ImportOptions(study: "s")
        options.instrument = instrument
        options.tlxScale = scale
        return options
    }

    @Test(arguments: [
        ("sus_numbered.csv", WideInstrument?.none, TLXScale?.none, "SUS", [ImportDecision]([])),
        ("sus_statements_words.csv", nil, nil, "SUS", []),
        ("sus_somewhat.csv", nil, nil, "SUS", []),
        ("likert_seven.csv", .likert, nil, "Likert", []),
        ("tlx_snake_0_20.csv", nil, .twenty, "NASA-TLX", [.ratingScale("0-20")]),
        ("tlx_camel_0_100.csv", nil, nil, "NASA-TLX", [.ratingScale("0-100")]),
        ("tlx_spaced_1_21.csv", nil, .twentyOne, "NASA-TLX", [.ratingScale("1-21")]),
        (
            "qualtrics_sus.csv", nil, nil, "SUS",
            [
                .qualtricsRows(line: 3),
                .surveyMetadata([
                    "StartDate", "EndDate", "Status", "IPAddress", "Progress", "Duration (in seconds)", "Finished",
                    "RecordedDate", "RecipientLastName", "RecipientFirstName", "RecipientEmail", "ExternalReference",
                    "LocationLatitude", "LocationLongitude", "DistributionChannel", "UserLanguage",
                ]),
            ]
        ),
        ("forms_tlx.csv", nil, nil, "NASA-TLX", [.surveyMetadata(["Timestamp"]), .ratingScale("0-100")]),
    ])
    func aWideSheetScoresAsPandasScoredIt(
        file: String, given: WideInstrument?, scale: TLXScale?, instrument: String, scaleDecision: [ImportDecision]
    ) throws {
        let options = Self.options(instrument: given, scale: scale)
        let reference = try #require(try Self.expected()[file])
        let fixture = try DatabaseFixture(seeded: false)
        let report = try fixture.importer.importFile(
            at: Self.folder.appendingPathComponent(file).path, options: options)
        #expect(report.kind == .responses)
        #expect(report.factors == ["technique"])
        let sheet = report.decisions.compactMap { decision -> (String, [ImportDecision.WideItem])? in
            if case .wideSheet(let instrument, let items) = decision { return (instrument, items) }
            return nil
        }.first
        guard let (stored, items) = sheet else {
            Issue.record("expected the wide sheet among \(report.decisions)")
            return
        }
        #expect(stored == instrument)
        #expect(report.rows == 16 * items.count)
        for decision in scaleDecision { #expect(report.decisions.contains(decision), "\(report.decisions)") }
        let scores = try Study(database: fixture.database).scores(ScoresRequest(instrument: instrument))
        let participants = try #require(scores.scores.first).participants
        #expect(participants.count == reference.count)
        for score in participants {
            let key = score.participant + "|" + (score.levels.first?.level ?? "")
            let want = try #require(reference[key], "\(key)")
            #expect(abs(score.score - want) < 1e-9, "\(file) \(key): \(score.score) against \(want)")
        }
    }

    /// A survey export's question texts, or statements written as headers, are kept as the
    /// items' labels, name an item in a comparison's sentences, and leave with their batch.
    @Test func questionTextsBecomeItemLabels() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let report = try fixture.importer.importFile(
            at: Self.folder.appendingPathComponent("qualtrics_sus.csv").path, options: Self.options())
        let statement = fixture.database.connection
        let labels = try statement.prepare("SELECT instrument, item, label FROM item_label ORDER BY rowid")
        var stored: [String] = []
        while try labels.step() { stored.append("\(labels.text(0))|\(labels.text(1))|\(labels.text(2))") }
        #expect(stored.count == 10)
        #expect(stored.first == "SUS|1|I think that I would like to use this system frequently")
        #expect(stored.contains("SUS|2|I found the system unnecessarily complex"))

        let study = Study(database: fixture.database)
        let comparison = try study.compare(ComparisonRequest(measure: .item("2"), factors: ["technique"]))
        #expect(comparison.sentences.joined().contains("rating of 2 (“I found the system unnecessarily complex”)"))

        _ = try fixture.database.undoBatch(try #require(report.batch).id)
        #expect(try Self.count(fixture.database, "item_label") == 0)
    }

    @Test func gridHeadersAndMatrixTextsGiveTheirStatement() {
        #expect(WideSheet.statement(of: "Please rate - I found it easy") == "I found it easy")
        #expect(WideSheet.statement(of: "How did you find it? [It was easy to use]") == "It was easy to use")
        #expect(WideSheet.statement(of: "Workload [Mental]") == "Mental")
        #expect(WideSheet.statement(of: "Ease of use") == "Ease of use")
        #expect(WideSheet.statement(of: "Rate - ") == "Rate - ")
    }

    static func count(_ database: StudyDatabase, _ table: String) throws -> Int {
        let statement = try database.connection.prepare("SELECT count(*) FROM \(table)")
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    /// Each TLX subscale is a measure of its own (`score:tlx.physical`): its cell means are
    /// pandas' means of the ratings x 5; a part the scores lack is named with those they have.
    @Test func aSubscaleIsComparedOnItsOwn() throws {
        let reference = try #require(try Self.expected()["tlx_snake_0_20.csv#physical"])
        let fixture = try DatabaseFixture(seeded: false)
        _ = try fixture.importer.importFile(
            at: Self.folder.appendingPathComponent("tlx_snake_0_20.csv").path, options: Self.options(scale: .twenty))
        let study = Study(database: fixture.database)
        let report = try study.compare(ComparisonRequest(measure: .score("tlx.physical"), factors: ["technique"]))
        let levels = try #require(report.comparisons.first).levels
        #expect(levels.map(\.level).sorted() == reference.keys.sorted())
        for level in levels {
            #expect(abs(level.mean - (reference[level.level] ?? .nan)) < 1e-9, "\(level.level)")
            #expect(level.n == 8)
        }
        #expect(report.sentences.joined().contains("NASA-TLX physical score"))
        let error = #expect(throws: ThumbLabError.self) {
            _ = try study.compare(ComparisonRequest(measure: .score("tlx.physic"), factors: ["technique"]))
        }
        #expect(
            "\(error!)".contains(
                "the NASA-TLX scores have no part 'physic'; they have effort, frustration, mental, performance, "
                    + "physical, temporal"))
    }

    @Test func theAnswerWordsSetIsChosenFromEveryWordOfTheSheet() {
        let five = AnswerWords.chosen(for: ["Somewhat disagree", "Strongly agree"], given: nil)
        #expect(five?.value(of: "Somewhat disagree") == 2)
        let seven = AnswerWords.chosen(for: ["Somewhat disagree", "Disagree", "Agree"], given: nil)
        #expect(seven?.value(of: "somewhat  DISAGREE") == 3)
        #expect(seven?.value(of: "Neutral") == 4)
        #expect(AnswerWords.chosen(for: ["Very easy"], given: nil)?.value(of: "Very difficult") == 1)
        let given = AnswerWords.chosen(for: ["Often"], given: ["Never", "Rarely", "Sometimes", "Often", "Always"])
        #expect(given?.value(of: "often") == 4 && given?.value(of: "Agree") == nil)
        #expect(AnswerWords.chosen(for: [], given: nil) == nil)
    }

    /// An answer outside the set, a TLX sheet whose scale the values do not show, and a
    /// sheet with five of the six subscales: exit 65 at the place, nothing imported.
    @Test(arguments: [
        (
            "participant,technique,SUS1,SUS2,SUS3,SUS4,SUS5,SUS6,SUS7,SUS8,SUS9,SUS10\n"
                + "P1,A,Agree,Disagree,Agree,Disagree,Agree,Disagree,Agree,Disagree,Agree,Disagree\n"
                + "P2,A,Agree,Maybe,Agree,Disagree,Agree,Disagree,Agree,Disagree,Agree,Disagree\n",
            3, 4,
            "expected a number or an answer of the 5-point agreement set (Strongly disagree, Disagree, Neither agree nor disagree, Agree, Strongly agree), found 'Maybe' in SUS2"
        ),
        (
            "pid,mental,physical,temporal,performance,effort,frustration\nP1,3,5,20,2,4,1\nP2,7,8,9,10,11,12\n", 1, 2,
            "expected NASA-TLX ratings whose scale the values show, found none above 21 (the largest is 20)"
        ),
        (
            "pid,mental,physical,temporal,performance,effort\nP1,30,50,20,20,40\n", 1, 1,
            "expected every NASA-TLX item in a column of its own, found 5 (mental, physical, temporal, performance, effort), missing frustration; a sheet with only some items cannot be scored"
        ),
        (
            "pid,mental,physical,temporal,performance,effort,frustration\nP1,30,50,20,20,40,101\n", 2, 7,
            "expected a NASA-TLX rating from 0 to 100 (the 0-100 scale), found '101' in frustration"
        ),
    ])
    func aBadSheetIsRefusedAtItsPlaceAndNothingImported(sheet: String, line: Int, column: Int, message: String) throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(sheet, named: "sheet.csv")
        let found = problems { _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s")) }
        let problem = try #require(found?.problems.first)
        #expect(problem.line == line && problem.column == column, "\(problem)")
        #expect(problem.message == message)
        #expect(try fixture.database.info().batches == 0 && fixture.database.info().responses == 0)
    }

    @Test func anInstrumentGivenFindsItemsInFileOrder() throws {
        let sheet = "pid,technique,q_a,q_b\nP1,A,5,6\nP1,B,2,3\n"
        let read = try importInMemory(sheet, options: Self.options(instrument: .umuxLite))
        #expect(read.sink.responses.map(\.item) == ["1", "2", "1", "2"])
        #expect(read.sink.responses.map(\.instrument) == ["UMUX-Lite", "UMUX-Lite", "UMUX-Lite", "UMUX-Lite"])
        #expect(read.sink.responses.map(\.value) == [5, 6, 2, 3])
        let none = problems { _ = try importInMemory("pid,technique\nP1,A\n", options: Self.options(instrument: .seq)) }
        #expect(
            none?.problems.first?.message.hasPrefix("expected the item columns of the instrument given (seq)") == true)
    }
}
