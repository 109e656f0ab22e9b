import Foundation
import Testing

@testable import ThumbLab

/// A demographics file (`Fixtures/import/demographics`, written by pandas after a
/// participant was dropped): detected as participants, stored as attributes with its batch,
/// undone whole, refused whole when a participant repeats, and described in the figures
/// pandas computes from the same sheet.
@Suite struct DemographicsImportTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/demographics")

    struct Numeric: Decodable, Equatable {
        var n: Int
        var mean: Double
        var sd: Double
        var min: Double
        var max: Double
    }

    struct Expected: Decodable {
        var with_trials: [String]
        var participants: Int
        var without_trials: [String]
        var without_demographics: [String]
        var Age: Numeric
        var hand_length_cm: Numeric
        var phone_use_years: Numeric
        var Gender: [String: Int]
        var `Dominant Hand`: [String: Int]
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    /// A database holding the demographics, imported before any log.
    static func importedSheet() throws -> (DatabaseFixture, ImportReport) {
        let fixture = try DatabaseFixture(seeded: false)
        let path = folder.appendingPathComponent("participants.csv").path
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        return (fixture, report)
    }

    /// A trial log of the participants given, two trials each.
    static func trialLog(_ participants: [String]) -> String {
        "participant,technique,time_ms,hit\n"
            + participants.map { "\($0),Direct,500,1\n\($0),Shift,610,0\n" }.joined()
    }

    @Test func aSheetOfOneRowPerParticipantIsDetectedAndStoredAsAttributes() throws {
        let (fixture, report) = try Self.importedSheet()
        #expect(report.kind == .participants)
        #expect(report.rows == 13)
        #expect(report.factors.isEmpty)
        #expect(report.attributes == ["Age", "Gender", "Dominant Hand", "hand_length_cm", "phone_use_years"])
        #expect(report.decisions == [.rowNumbers(column: 1)])
        #expect(try fixture.database.participants(study: "s").count == 13)
        let attributes = try fixture.database.participantAttributes(study: "s")
        #expect(
            attributes["P01"] == [
                "Age": "31", "Gender": "Female", "Dominant Hand": "Right",
                "hand_length_cm": "19.9", "phone_use_years": "4.0",
            ])
        // An empty field is no attribute.
        #expect(attributes["P06"]?["hand_length_cm"] == nil)
        #expect(attributes["P09"]?["Gender"] == nil)
        #expect(try fixture.database.studyFactors().first?.factors.isEmpty == true)
        let batch = try #require(report.batch)
        #expect(batch.kind == .participants && batch.units == nil)
        let info = try fixture.database.info()
        #expect(info.attributes["s"]?.first { $0.name == "Gender" }?.participants == 12)
    }

    @Test func logsImportedAfterTheSheetJoinItsParticipants() throws {
        let (fixture, _) = try Self.importedSheet()
        let log = fixture.write(Self.trialLog(["P01", "P02", "P20"]), named: "trials.csv")
        _ = try fixture.importer.importFile(at: log, options: ImportOptions(study: "s"))
        #expect(try fixture.database.participants(study: "s").count == 14)
    }

    @Test func theParticipantsParagraphHasPandasFigures() throws {
        let expected = try Self.expected()
        let (fixture, _) = try Self.importedSheet()
        let description = ParticipantsDescription(
            participants: expected.with_trials, attributes: try fixture.database.participantAttributes(study: "s"))
        #expect(description.participants == expected.participants)
        #expect(description.withoutTrials == expected.without_trials)
        #expect(description.withoutDemographics == expected.without_demographics)
        #expect(
            description.attributes.map(\.name) == [
                "Gender", "Age", "Dominant Hand", "hand_length_cm", "phone_use_years",
            ])
        for attribute in description.attributes {
            switch attribute {
            case .numeric(let name, let n, let mean, let sd, let low, let high):
                let reference = try #require(
                    [
                        "Age": expected.Age, "hand_length_cm": expected.hand_length_cm,
                        "phone_use_years": expected.phone_use_years,
                    ][name])
                #expect(n == reference.n && low == reference.min && high == reference.max, "\(name)")
                #expect(abs(mean - reference.mean) < 1e-12 && abs(sd - reference.sd) < 1e-12, "\(name)")
            case .counts(let name, let values):
                let reference = try #require(
                    ["Gender": expected.Gender, "Dominant Hand": expected.`Dominant Hand`][name])
                #expect(Dictionary(uniqueKeysWithValues: values.map { ($0.value, $0.count) }) == reference, "\(name)")
            }
        }
        #expect(
            description.paragraph
                == "Participants: 13 (Gender: 7 Male, 4 Female, 2 not given; Age: M = 30.17, SD = 7.15, range 19–39, "
                + "n = 12; Dominant Hand: 11 Right, 1 Left, 1 not given; hand_length_cm: M = 18.56, SD = 0.92, n = 11; "
                + "phone_use_years: M = 6.92, SD = 3.68, n = 12). Described by the demographics but without trials "
                + "here: P14. With trials but not in the demographics: P20.")
    }

    @Test func withoutDemographicsTheParagraphSaysSo() {
        let description = ParticipantsDescription(participants: ["P1", "P2"], attributes: [:])
        #expect(description.withoutDemographics.isEmpty && description.attributes.isEmpty)
        #expect(description.paragraph.hasPrefix("Participants: 2; no demographics were imported"))
    }

    @Test func aParticipantTwiceIsRefusedWithBothLinesAndNothingImported() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("pid,age,gender\nP1,24,f\nP2,31,m\nP1,25,f\n", named: "people.csv")
        let found = problems {
            _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s", kind: .participants))
        }
        let problem = try #require(found?.problems.first)
        #expect(problem.line == 4 && problem.column == 1)
        #expect(problem.description.contains("expected one row per participant, found P1 again (first on line 2)"))
        #expect(try fixture.database.info().batches == 0 && fixture.database.info().participants == 0)
    }

    @Test func anAttributeStoredBeforeIsRefusedAndNothingImported() throws {
        let (fixture, _) = try Self.importedSheet()
        let before = try RowCounts(fixture.database)
        let path = fixture.write("participant,Age\nP01,32\n", named: "again.csv")
        let found = problems { _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s")) }
        let problem = try #require(found?.problems.first)
        #expect(problem.line == 2)
        #expect(problem.description.contains("found Age, which batch 1 stored before"))
        #expect(try RowCounts(fixture.database) == before)
    }

    @Test func undoingTheSheetKeepsParticipantsWithTrialsAndUndoingTheLogKeepsTheDescribed() throws {
        let (fixture, sheet) = try Self.importedSheet()
        let log = fixture.write(Self.trialLog(["P01", "P20"]), named: "trials.csv")
        let logged = try fixture.importer.importFile(at: log, options: ImportOptions(study: "s"))
        let undone = try fixture.database.undoBatch(try #require(logged.batch).id)
        #expect(undone.attributes == 0)
        // P20 had only trials; P01 stays, described by the sheet.
        #expect(try fixture.database.participants(study: "s").count == 13)
        #expect(try fixture.database.participantAttributes(study: "s")["P01"]?["Age"] == "31")

        _ = try fixture.importer.importFile(at: log, options: ImportOptions(study: "s"))
        let removed = try fixture.database.undoBatch(try #require(sheet.batch).id)
        #expect(removed.attributes == 13 * 5 - 2)
        #expect(try fixture.database.participants(study: "s") == ["P01", "P20"])
        #expect(try fixture.database.participantAttributes(study: "s").isEmpty)
    }

    @Test func aLogWithRepeatedParticipantsIsNoDemographicsFile() throws {
        let read = try importInMemory("participant,technique\nP1,Direct\nP2,Direct\n", named: "people.csv")
        #expect(read.layout.kind == .participants)
        let error = #expect(throws: ThumbLabError.self) {
            _ = try importInMemory("participant,technique\nP1,Direct\nP1,Shift\n", named: "log.csv")
        }
        #expect("\(error!)".contains("a participant column with one row per participant"))
        // A trial column makes it a log, however unique the participants.
        #expect(try importInMemory("participant,trial,time\nP1,1,500\nP2,1,600\n").layout.kind == .trials)
    }

    /// Questionnaire sheets in wide form, one row per respondent as demographics have: a TLX
    /// sheet in snake case, one in CamelCase, a SUS sheet with the statements as headers and
    /// one with numbered items are answers, not demographics.
    @Test(arguments: [
        (
            "participant,interface,mental_demand,physical_demand,temporal_demand,performance,effort,frustration\n"
                + "1,Touch1T,30,75,60,85,70,90\n2,Touch1T,5,6,7,8,9,10\n", "NASA-TLX"
        ),
        (
            "Participant ID,MentalDemand,PhysicalDemand,TemporalDemand,Effort,Frustration,Performance\nA,0,0,0,0,0,100\n",
            "NASA-TLX"
        ),
        (
            "Participant ID,I think that I would like to use this system frequently,I found the system unnecessarily complex,"
                + "I thought the system was easy to use,I think that I would need the support of a technical person to be able to use this system,"
                + "I found the various functions in this system were well integrated,I thought there was too much inconsistency in this system,"
                + "I would imagine that most people would learn to use this system very quickly,I found the system very cumbersome to use,"
                + "I felt very confident using the system,I needed to learn a lot of things before I could get going with this system\n"
                + "A,Agree,Disagree,Agree,Disagree,Agree,Disagree,Agree,Disagree,Agree,Disagree\n", "SUS"
        ),
        ("pid,SUS1,SUS2,SUS3,SUS4,SUS5,SUS6,SUS7,SUS8,SUS9,SUS10\nP1,4,2,4,2,4,2,4,2,4,2\n", "SUS"),
    ])
    func aWideQuestionnaireIsReadAsAnswersNotTakenForDemographics(sheet: String, instrument: String) throws {
        for options in [ImportOptions(), ImportOptions(kind: .responses)] {
            let read = try importInMemory(sheet, named: "sheet.csv", options: options)
            #expect(read.layout.kind == .responses)
            #expect(Set(read.sink.responses.map(\.instrument)) == [instrument])
        }
    }
}
