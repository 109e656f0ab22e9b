import Foundation
import Testing

@testable import ThumbLab

/// A tapping log with nominal amplitude and width only (`Fixtures/fitts/nominal`, written
/// by `gen_nominal.py`): measured on the nominal ID, its fit and throughput as numpy
/// computes them, with no effective measure claimed.
@Suite struct NominalFittsTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/fitts/nominal")

    struct Expected: Decodable {
        var intercept: Double
        var slope: Double
        var throughput: Double
        var points: Int
    }

    static func report() throws -> (FittsReport, TemporaryFolder) {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("n.sqlite").path)
        _ = try Importer(database: database).importFile(
            at: Self.folder.appendingPathComponent("log.csv").path, options: ImportOptions())
        return (try Study(database: database).fitts(FittsRequest(by: ["technique"])), folder)
    }

    @Test func theNominalFitAndThroughputAreNumpys() throws {
        let expected = try JSONDecoder().decode(
            [String: Expected].self, from: Data(contentsOf: Self.folder.appendingPathComponent("expected.json")))
        let (report, _) = try Self.report()
        #expect(report.isNominal)
        #expect(report.cells.map(\.levels) == [["stylus"], ["thumb"]])
        for cell in report.cells {
            let want = try #require(expected[cell.levels[0]])
            let fit = try #require(cell.nominalFit)
            #expect(abs(fit.intercept - want.intercept) < 1e-9 * max(1, abs(want.intercept)))
            #expect(abs(fit.slope - want.slope) < 1e-9 * abs(want.slope))
            #expect(abs(cell.throughput.mean - want.throughput) < 1e-12 * want.throughput)
            #expect(cell.points.count == want.points)
            #expect(cell.effectiveFit == nil)
            #expect(report.leadingFit(cell) == fit)
        }
    }

    @Test func noEffectiveMeasureIsClaimed() throws {
        let (report, _) = try Self.report()
        #expect(report.sequences.allSatisfy { $0.measures.effectiveWidth.isNaN && $0.measures.isNominal })
        #expect(report.participantFits.count == 12)
        #expect(report.notes.contains { $0.contains("the effective width (We, Ae, IDe) needs those points") })
        #expect(report.methods.contains("throughput TP = ID / MT"))
        let text = FittsTables.tables(report).rendered(as: .md)
        #expect(text.contains("MT = a + b × ID\n"))
        #expect(!text.contains("| IDe |"))
        #expect(FittsChart.chart(report).xTitle == "Index of difficulty ID (bits)")
    }

    @Test func aSequenceMixingNominalAndMeasuredTrialsIsRefused() {
        var tally = FittsSequenceTally()
        tally.add(.nominal(amplitude: 256, width: 32, timeMS: 600, missed: false))
        tally.add(
            FittsTrial(amplitude: 256, width: 32, effectiveAmplitude: 250, deviation: -6, timeMS: 580, missed: false))
        #expect(throws: ThumbLabError.fitts(.sequence(.nonFinite, label: nil))) { try tally.measures() }
    }

    @Test func endAndReleasePositionsAreTheSelectionPoint() throws {
        let second = try importInMemory("participant,release_x,release_y,time_ms\nP1,10,20,500\n")
        #expect(second.sink.trials.map(\.touchX) == [10])
        #expect(second.sink.trials.map(\.touchY) == [20])
        let first = try importInMemory("participant,endX,endY,time_ms\nP1,11,21,500\n")
        #expect(first.sink.trials.map(\.touchX) == [11])
        #expect(first.sink.trials.map(\.touchY) == [21])
    }
}
