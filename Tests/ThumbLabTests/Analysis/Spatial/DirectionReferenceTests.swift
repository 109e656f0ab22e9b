import Foundation
import Testing

@testable import ThumbLab

/// `direction` on thumb-reach's small phone against values computed independently from
/// the CSV file with pandas and scipy (Fixtures/spatial/gen_spatial.py).
@Suite struct DirectionReferenceTests {
    let folder = TemporaryFolder()

    @Test func sectorsMatchTheReference() throws {
        let report = try thumbReachStudy(folder: folder).direction(DirectionRequest(device: "small"))
        let expected = try #require(spatialValue("direction", "sectors") as? [[String: Any]])
        #expect(report.sectors.map(\.sector.rawValue) == expected.map { $0["sector"] as? String })
        for (row, reference) in zip(report.sectors, expected) {
            #expect(row.trials == reference["trials"] as? Int)
            #expect(row.participants == reference["participants"] as? Int)
            let pairs: [(String, Double?)] = [
                ("time_geomean", row.timeGeomean), ("time_ci_low", row.timeCILow), ("time_ci_high", row.timeCIHigh),
                ("error_rate", row.errorRate), ("error_ci_low", row.errorCILow), ("error_ci_high", row.errorCIHigh),
            ]
            for (name, value) in pairs {
                let number = try #require(reference[name] as? Double, "\(name)")
                #expect(close(value, number, 1e-9), "\(row.sector) \(name): \(String(describing: value)) vs \(number)")
            }
        }
        #expect(report.perParticipant.count == 12 * report.sectors.count)
        #expect(report.withoutDirection == 0)
    }

    @Test func diagonalContrastMatchesScipy() throws {
        let report = try thumbReachStudy(folder: folder).direction(DirectionRequest(device: "small"))
        let contrast = report.contrast
        #expect(contrast.timeParticipants == spatialValue("direction", "participants") as? [String])
        let nwse = try #require(spatialValue("direction", "ln_time_nwse") as? [Double])
        let nesw = try #require(spatialValue("direction", "ln_time_nesw") as? [Double])
        #expect(zip(contrast.logTimeNWSE, nwse).allSatisfy { close($0, $1, 1e-12) })
        #expect(zip(contrast.logTimeNESW, nesw).allSatisfy { close($0, $1, 1e-12) })
        let errorNWSE = try #require(spatialValue("direction", "error_nwse") as? [Double])
        let errorNESW = try #require(spatialValue("direction", "error_nesw") as? [Double])
        #expect(zip(contrast.errorNWSE, errorNWSE).allSatisfy { close($0, $1, 1e-12) })
        #expect(zip(contrast.errorNESW, errorNESW).allSatisfy { close($0, $1, 1e-12) })
        let t = try #require(contrast.timeTest)
        #expect(close(t.t, try spatialNumber("direction", "time_test", "t"), 1e-9))
        #expect(t.df == (try spatialNumber("direction", "time_test", "df")))
        #expect(close(t.p, try spatialNumber("direction", "time_test", "p"), 1e-6))
        #expect(close(t.effectSize.value, try spatialNumber("direction", "time_test", "d_z"), 1e-9))
        #expect(close(contrast.timeRatio, try spatialNumber("direction", "time_test", "ratio"), 1e-9))
        #expect(close(contrast.timeRatioCILow, try spatialNumber("direction", "time_test", "ratio_ci_low"), 1e-9))
        #expect(close(contrast.timeRatioCIHigh, try spatialNumber("direction", "time_test", "ratio_ci_high"), 1e-9))
        let wilcoxon = try #require(contrast.errorTest)
        #expect(wilcoxon.wPlus == (try spatialNumber("direction", "error_test", "w_plus")))
        #expect(wilcoxon.wMinus == (try spatialNumber("direction", "error_test", "w_minus")))
        #expect(close(wilcoxon.p, try spatialNumber("direction", "error_test", "p"), 1e-6))
        #expect(wilcoxon.method.rawValue == spatialValue("direction", "error_test", "method") as? String)
        #expect(report.sentences.first?.contains("t(11) = 4.94, p < .001") == true)
        #expect(report.sentences.first?.contains("took longer") == true)
    }

    @Test(arguments: [
        (0.0, -10.0, CompassSector.north), (10, -10, .northEast), (10, 0, .east), (10, 10, .southEast),
        (0, 10, .south), (-10, 10, .southWest), (-10, 0, .west), (-10, -10, .northWest),
        // Boundaries belong to the sector clockwise of them: 22.5° is NE, 337.5° is N.
        (tan(22.5 * Double.pi / 180), -1, .northEast), (-tan(22.5 * Double.pi / 180) * 0.999, -1, .north),
    ])
    func sectorsFollowTheCompassWithYDown(dx: Double, dy: Double, sector: CompassSector) {
        #expect(CompassSector(dx: dx, dy: dy) == sector)
    }

    @Test func noMovementHasNoSector() {
        #expect(CompassSector(dx: 0, dy: 0) == nil)
        #expect(CompassSector(dx: .nan, dy: 1) == nil)
    }

    @Test func aStudyWithoutStartPointsIsRefused() throws {
        let study = try bundledStudy(folder: folder)
        let message = usageMessage { _ = try study.direction() }
        #expect(message?.contains("start_x and start_y") == true)
        // The imports' records of their columns tell, without a count that reads each trial.
        #expect(message?.contains("none of the selected trials of study") == true)
        let direct = Selection(keep: [LevelFilter(factor: "technique", levels: ["Direct"])], attempts: .all)
        let directMessage = usageMessage { _ = try study.direction(selection: direct) }
        #expect(directMessage == message)
        let mixed = usageMessage { _ = try thumbReachStudy(folder: folder).direction() }
        #expect(mixed?.contains("analyse one device at a time") == true)
    }
}
