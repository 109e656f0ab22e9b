import Foundation
import Testing

@testable import ThumbLabStats

/// The pingouin data sets of EXPECTED.md §2.2 (values re-run with pingouin 0.7.0 and afex).
@Suite("ANOVA on the pingouin reference data")
struct ANOVAPingouinReferenceTests {
    typealias Support = ANOVATestSupport

    /// rm_anova_wide.csv in long format; rows with an empty week give no observation.
    static func wideObservations() throws -> [ANOVAObservation] {
        let rows = try Support.readCSV("pingouin/rm_anova_wide.csv")
        let weeks = ["Before", "1 week", "2 week", "3 week"]
        return rows.enumerated().flatMap { index, row in
            weeks.compactMap { week in
                Double(row[week]!).map {
                    ANOVAObservation(subject: "s\(index + 1)", levels: ["Time": week], value: $0)
                }
            }
        }
    }

    @Test func oneWayWithMissingValuesDropsThreeSubjects() throws {
        let result = try ANOVA.repeatedMeasures(
            Self.wideObservations(), design: ANOVADesign(within: ["Time"]), correction: .greenhouseGeisser)
        #expect(result.subjectsUsed == 9)
        #expect(result.subjectsDropped == ["s3", "s7", "s11"])
        let time = try #require(result.term("Time"))
        #expect(time.df == 3 && time.errorDF == 24)
        #expect(Support.matches(time.f, "5.20065"))
        #expect(Support.matches(time.p, "0.00656"))
        #expect(Support.matches(time.ges, "0.34639"))
        #expect(Support.matches(time.pes, "0.39397"))
        #expect(Support.matches(time.ss, "19.2897"))
        #expect(Support.matches(time.errorSS, "29.6728"))
        let sphericity = try #require(time.sphericity)
        #expect(Support.matches(sphericity.epsilonGG, "0.69433"))
        #expect(Support.matches(sphericity.epsilonHF, "0.94343"))
        #expect(Support.matches(sphericity.epsilonLB, "0.3333"))
        #expect(Support.matches(sphericity.mauchlyW, "0.30678"))
        #expect(Support.matches(sphericity.chiSquare, "7.9431"))
        #expect(sphericity.df == 5)
        // EXPECTED.md prints .16337, a double rounding of pingouin's 0.163365 (0.16336494...).
        #expect(Support.close(sphericity.p, 0.16336494372039428))
        #expect(Support.matches(sphericity.pGG, "0.01670"))
        #expect(Support.matches(sphericity.pHF, "0.007783"))
        #expect(time.correction == .greenhouseGeisser)
        #expect(time.apa == "F(2.08, 16.66) = 5.20, p = .017, η²G = .346")
    }

    @Test func twoWayWithin() throws {
        let rows = try Support.readCSV("pingouin/rm_anova2.csv")
        let data = Support.observations(rows, subject: "Subject", factors: ["Time", "Metric"], value: "Performance")
        let result = try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["Time", "Metric"]))
        #expect(result.terms.map(\.name) == ["Time", "Metric", "Time:Metric"])
        #expect(result.subjectsUsed == 10 && result.subjectsDropped.isEmpty)
        let expected: [(ms: String, f: String, df: Double, errorDF: Double, ges: String, pes: String)] = [
            ("828.81667", "33.85228", 1, 9, "0.25401", "0.78998"),
            ("682.61667", "26.95919", 2, 18, "0.35933", "0.74972"),
            ("112.21667", "12.63227", 2, 18, "0.08442", "0.58395"),
        ]
        for (term, row) in zip(result.terms, expected) {
            #expect(Support.matches(term.ms, row.ms), "\(term.name) MS")
            #expect(Support.matches(term.f, row.f), "\(term.name) F")
            #expect(term.df == row.df && term.errorDF == row.errorDF, "\(term.name) df")
            #expect(Support.matches(term.ges, row.ges), "\(term.name) ges")
            #expect(Support.matches(term.pes, row.pes), "\(term.name) pes")
        }
        #expect(result.terms[0].sphericity == nil)
        let metric = try #require(result.terms[1].sphericity)
        let interaction = try #require(result.terms[2].sphericity)
        #expect(Support.matches(metric.epsilonGG, "0.96910"))
        #expect(Support.matches(interaction.epsilonGG, "0.72717"))
        #expect(Support.matches(metric.mauchlyW, "0.96812") && Support.matches(metric.p, "0.87844"))
        #expect(Support.matches(interaction.mauchlyW, "0.62480") && Support.matches(interaction.p, "0.15239"))
        #expect(Support.matches(interaction.chiSquare, "3.763"))
        #expect(Support.matches(metric.epsilonHF, "1.2307") && metric.epsilonHFApplied == 1)
        #expect(Support.matches(interaction.epsilonHF, "0.8312"))
    }

    static func mixedObservations() throws -> [ANOVAObservation] {
        let rows = try Support.readCSV("pingouin/mixed_anova.csv")
        return Support.observations(rows, subject: "Subject", factors: ["Group", "Time"], value: "Scores")
    }

    @Test func mixedDesignUsesPooledWithinGroupCovariance() throws {
        let result = try ANOVA.repeatedMeasures(
            Self.mixedObservations(), design: ANOVADesign(between: ["Group"], within: ["Time"]))
        #expect(result.terms.map(\.name) == ["Group", "Time", "Group:Time"])
        #expect(result.subjectsUsed == 60)
        let expected: [(f: String, p: String, df: Double, errorDF: Double, ss: String, pes: String, ges: String)] = [
            ("5.05171", "0.02842", 1, 58, "5.45996", "0.08012", "0.03067"),
            ("4.02739", "0.02037", 2, 116, "7.62843", "0.06493", "0.04234"),
            ("2.72800", "0.06954", 2, 116, "5.16719", "0.04492", "0.02908"),
        ]
        for (term, row) in zip(result.terms, expected) {
            #expect(Support.matches(term.f, row.f), "\(term.name) F")
            #expect(Support.matches(term.p, row.p), "\(term.name) p")
            #expect(term.df == row.df && term.errorDF == row.errorDF, "\(term.name) df")
            #expect(Support.matches(term.ss, row.ss), "\(term.name) SS")
            #expect(Support.matches(term.pes, row.pes), "\(term.name) pes")
            #expect(Support.matches(term.ges, row.ges), "\(term.name) ges")
        }
        #expect(result.terms[0].sphericity == nil)
        #expect(Support.matches(try #require(result.terms[1].sphericity).epsilonGG, "0.99812"))
        #expect(Support.matches(try #require(result.terms[2].sphericity).epsilonGG, "0.99812"))
    }

    @Test func oneWayOnTimeIgnoringGroup() throws {
        let data = try Self.mixedObservations()
        let result = try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["Time"]))
        let time = try #require(result.term("Time"))
        #expect(time.df == 2 && time.errorDF == 118)
        #expect(Support.matches(time.f, "3.91280"))
        #expect(Support.matches(time.p, "0.02263"))
        #expect(Support.matches(time.ges, "0.03998"))
        #expect(Support.matches(time.pes, "0.06219"))
        #expect(Support.matches(try #require(time.sphericity).epsilonGG, "0.99875"))
    }

    static func desireObservations() throws -> [ANOVAObservation] {
        let rows = try Support.readCSV("pingouin/rm_anova.csv")
        return Support.observations(
            rows, subject: "Subject", factors: ["Disgustingness", "Frighteningness"], value: "DesireToKill")
    }

    @Test func oneWayOnCellMeansKeepsNinetyThreeSubjects() throws {
        let data = Support.cellMeans(try Self.desireObservations(), factors: ["Disgustingness"])
        let result = try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["Disgustingness"]))
        let term = try #require(result.term("Disgustingness"))
        #expect(result.subjectsUsed == 93)
        #expect(term.df == 1 && term.errorDF == 92)
        #expect(Support.matches(term.f, "12.043878"))
        #expect(Support.matches(term.p, "0.000793"))
        #expect(Support.matches(term.ges, "0.025784"))
    }

    @Test func twoWayDropsSubjectsWithAnEmptyCell() throws {
        let result = try ANOVA.repeatedMeasures(
            Self.desireObservations(), design: ANOVADesign(within: ["Disgustingness", "Frighteningness"]))
        #expect(result.subjectsUsed == 88)
        #expect(result.subjectsDropped == ["2", "10", "42", "64", "80"])
        #expect(result.terms.allSatisfy { $0.df == 1 && $0.errorDF == 87 })
        #expect(zip(result.terms, ["12.1752", "41.6297", "2.1523"]).allSatisfy { Support.matches($0.f, $1) })
    }
}
