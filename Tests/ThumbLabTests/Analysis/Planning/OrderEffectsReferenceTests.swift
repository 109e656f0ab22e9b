import Foundation
import Testing

@testable import ThumbLab

/// `Study.orderEffects` on the synthetic studies of Fixtures/planning (gen_order_studies.py),
/// with and without a planted position effect, against pingouin's rm_anova and
/// mixed_anova and afex's type III aov_ez (gen_order_effects_afex.R), to 1e-6.
@Suite struct OrderEffectsReferenceTests {
    let folder = TemporaryFolder()

    static func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/planning/\(name)").path
    }

    static func expected(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture(file)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func number(_ object: [String: Any], _ path: String...) throws -> Double {
        var current: Any? = object
        for key in path { current = (current as? [String: Any])?[key] }
        return try #require(current as? Double ?? (current as? Int).map(Double.init), "\(path)")
    }

    /// A study of one synthetic file.
    func study(_ file: String) throws -> Study {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(at: Self.fixture(file), options: ImportOptions(study: file))
        return Study(database: database)
    }

    @Test(arguments: ["order_planted", "order_none"])
    func positionAndSequenceMatchPingouinAndAfex(name: String) throws {
        let report = try study("\(name).csv").orderEffects(OrderEffectsRequest(factor: "technique"))
        let afex = try #require(try Self.expected("order_effects_afex.json")[name] as? [String: Any])
        let pingouin = try #require(try Self.expected("order_effects_pingouin.json")[name] as? [String: Any])
        #expect(report.source == "data" && report.scheme == nil && report.unordered.isEmpty)
        #expect(report.sequences.count == 6 && report.sequences.allSatisfy { $0.participants == 2 })
        #expect(report.positionsBalanced && report.positionCounts == Array(repeating: [4, 4, 4], count: 3))
        let position = try #require(report.position.tests.first)
        #expect(position.test == "rm-anova" && position.term == "position")
        for reference in [afex, pingouin] {
            #expect(close(position.statistic, try Self.number(reference, "position", "F"), 1e-6))
            #expect(close(position.df1, try Self.number(reference, "position", "df1"), 1e-9))
            #expect(close(position.df2, try Self.number(reference, "position", "df2"), 1e-9))
            #expect(close(position.p, try Self.number(reference, "position", "p"), 1e-6))
            #expect(close(position.ges, try Self.number(reference, "position", "ges"), 1e-6))
        }
        #expect(close(position.epsilonGG, try Self.number(pingouin, "position", "epsilon_gg"), 1e-6))
        let sequence = try #require(report.sequence)
        #expect(sequence.tests.map(\.term) == ["sequence", "technique", "sequence:technique"])
        let pingouinTerms = ["sequence": "sequence", "technique": "technique", "sequence:technique": "Interaction"]
        for test in sequence.tests {
            #expect(test.test == "mixed-anova")
            #expect(close(test.statistic, try Self.number(afex, "mixed", test.term, "F"), 1e-6))
            #expect(close(test.df1, try Self.number(afex, "mixed", test.term, "df1"), 1e-9))
            #expect(close(test.df2, try Self.number(afex, "mixed", test.term, "df2"), 1e-9))
            #expect(close(test.p, try Self.number(afex, "mixed", test.term, "p"), 1e-6))
            #expect(close(test.ges, try Self.number(afex, "mixed", test.term, "ges"), 1e-6))
            let term = pingouinTerms[test.term]!
            #expect(close(test.statistic, try Self.number(pingouin, "mixed", term, "F"), 1e-6))
            #expect(close(test.pes, try Self.number(pingouin, "mixed", term, "pes"), 1e-6))
        }
    }

    @Test func thePlantedPositionEffectIsFoundAndTheOtherIsNot() throws {
        let planted = try study("order_planted.csv").orderEffects(OrderEffectsRequest(factor: "technique"))
        let none = try study("order_none.csv").orderEffects(OrderEffectsRequest(factor: "technique"))
        #expect(planted.position.tests[0].p < 0.05 && none.position.tests[0].p > 0.05)
        #expect(planted.sentences[0].contains("position had a significant effect on time"))
        #expect(none.sentences[0].contains("position had no significant effect on time"))
        #expect(none.sentences[1].contains("the check for asymmetric transfer, was not significant"))
        let means = planted.position.levels.map(\.mean)
        #expect(means[0] > means[1] && means[1] > means[2], "practice: faster at each position")
    }

    @Test func errorsAreTestedAsProportions() throws {
        let report = try study("order_none.csv").orderEffects(OrderEffectsRequest(factor: "technique", measure: .error))
        #expect(report.position.tests.count == 1 && report.sequence != nil)
        #expect(report.position.levels.allSatisfy { $0.mean >= 0 && $0.mean <= 1 })
    }
}
