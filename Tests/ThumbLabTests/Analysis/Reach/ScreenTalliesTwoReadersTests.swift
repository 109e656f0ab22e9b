import Foundation
import Testing

@testable import ThumbLab

/// Screen tallies binned by two readers, each over half of the trial ids on a connection
/// of its own, equal those of one reader: the same sets, grids, counts, medians and
/// participant orders, and sums equal to their last bits.
@Suite struct ScreenTalliesTwoReadersTests {
    let folder = TemporaryFolder()

    private func counts(_ cell: CellTally) -> [Int] {
        [cell.trials, cell.recorded, cell.misses, cell.logTimes, cell.offsets, cell.times.count]
    }

    private func counts(_ cell: ParticipantTally) -> [Int] {
        [cell.trials, cell.recorded, cell.misses, cell.logTimes]
    }

    private func check(_ study: Study, _ selection: Selection, device: String? = nil) throws {
        let resolved = try study.resolve(selection)
        let schemes = [
            try CellScheme(factors: ["phone"], selection: resolved), try CellScheme(factors: [], selection: resolved),
        ]
        var oneReader = study
        oneReader.twoReadersFrom = .max
        var twoReaders = study
        twoReaders.twoReadersFrom = 2
        for position in [HeatmapPosition.target, .touch] {
            let one = try oneReader.screenTallies(
                resolved, schemes: schemes, position: position, size: .cells(columns: 4, rows: 7), device: device)
            let two = try twoReaders.screenTallies(
                resolved, schemes: schemes, position: position, size: .cells(columns: 4, rows: 7), device: device)
            #expect(one.count == two.count)
            for (oneSets, twoSets) in zip(one, two) {
                #expect(oneSets.map(\.device) == twoSets.map(\.device))
                for (a, b) in zip(oneSets.map(\.tallies), twoSets.map(\.tallies)) {
                    #expect(a.grid == b.grid)
                    #expect(a.placed == b.placed && a.withoutPosition == b.withoutPosition && a.outside == b.outside)
                    #expect(a.participantIDs == b.participantIDs)
                    #expect(a.placed > 0 || a.withoutPosition > 0)
                    for (x, y) in zip(a.cells, b.cells) {
                        #expect(counts(x) == counts(y))
                        #expect(x.medianTime == y.medianTime)
                        #expect(close(x.logTimeSum, y.logTimeSum, 1e-12))
                        #expect(close(x.offsetXSum, y.offsetXSum, 1e-12) && close(x.offsetYSum, y.offsetYSum, 1e-12))
                    }
                    #expect(a.participantCells.count == b.participantCells.count)
                    for (x, y) in zip(a.participantCells, b.participantCells) {
                        #expect(counts(x) == counts(y))
                        #expect(close(x.logTimeSum, y.logTimeSum, 1e-12))
                    }
                }
            }
        }
    }

    @Test func twoDevicesGiveTheTalliesOfOneReader() throws {
        try check(try thumbReachStudy(folder: folder), Selection(attempts: .all))
        try check(try thumbReachStudy(folder: folder), Selection(attempts: .all), device: "large")
    }

    @Test func trialsWithoutADeviceGiveTheTalliesOfOneReader() throws {
        let study = try thumbReachStudy(withDevices: false, folder: folder)
        try check(study, Selection())
        // Leaving block 1 out makes the stored extents differ from the trials read: both
        // ways bin a second time, on the grid of the trials seen.
        try check(study, Selection(exclude: [LevelFilter(factor: "block", levels: ["1"])], attempts: .all))
    }

    @Test func aTimeSampleMergedIsTheSampleOfBothPartsInOrder() {
        for (first, second) in [(10, 20), (TimeSample.countedFrom - 5, 17), (3, TimeSample.countedFrom + 2)] {
            var whole = TimeSample()
            var lower = TimeSample()
            var upper = TimeSample()
            for index in 0..<(first + second) {
                // Tenths, then a time that is not a whole number of tenths in the upper part.
                let time = index == first + 1 ? 123.456 : Double(index % 977) / 10
                whole.append(time)
                if index < first { lower.append(time) } else { upper.append(time) }
            }
            lower.merge(upper)
            #expect(lower.count == whole.count)
            #expect(lower.median() == whole.median())
        }
    }
}
