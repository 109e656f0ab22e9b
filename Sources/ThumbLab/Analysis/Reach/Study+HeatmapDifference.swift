import Foundation
import ThumbLabStats

extension Study {
    /// Per screen cell, level A of a factor against level B, every attempt counted by
    /// default (``Selection/everyAttempt``): time as the ratio of
    /// geometric means with a paired t-test on participants' mean ln times, or error as
    /// the difference of proportions with a Wilcoxon signed-rank test on participants'
    /// error rates; p-values adjusted across the cells tested.
    /// - Throws: ``ThumbLabError`` for a measure other than time or error, equal
    ///   or unknown levels, and the selection problems of ``heatmap(_:selection:)``.
    public func heatmapDifference(_ request: HeatmapDifferenceRequest, selection: Selection = .everyAttempt) throws
        -> HeatmapDifferenceReport
    {
        guard request.measure == .time || request.measure == .error else {
            throw ThumbLabError.parameter(.differenceMeasure(measure: request.measure.rawValue))
        }
        let (a, b) = request.levels
        guard a != b else {
            throw ThumbLabError.parameter(.sameLevelTwice(factor: request.factor, level: a))
        }
        var narrowed = selection
        narrowed.keep.append(LevelFilter(factor: request.factor, levels: [a, b]))
        let resolved = try resolve(narrowed)
        let scheme = try CellScheme(factors: [request.factor], selection: resolved)
        guard let mapA = scheme.cells.firstIndex(of: [a]), let mapB = scheme.cells.firstIndex(of: [b]) else {
            let missing = scheme.cells.contains([a]) ? b : a
            throw resolved.empty(.level(factor: request.factor, level: missing))
        }
        let (device, tallies) = try singleDevice(
            screenTallies(
                resolved, scheme: scheme, position: request.position, size: request.grid, device: request.device),
            study: resolved.layout.study)
        let grid = tallies.grid
        var cells: [DifferenceCell] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let index = row * grid.columns + column
                cells.append(
                    differenceCell(
                        tallies, mapA: mapA, mapB: mapB, cell: index, column: column, row: row, request: request))
            }
        }
        let tested = cells.indices.filter { cells[$0].p != nil }
        let adjusted = request.adjustment.adjust(tested.map { cells[$0].p! })
        for (position, index) in tested.enumerated() {
            cells[index].pAdjusted = adjusted[position]
            cells[index].differs = adjusted[position] < request.alpha
        }
        let summary = SelectionSummary(resolved, trials: tallies.placed, participants: tallies.participantIDs.count)
        var report = HeatmapDifferenceReport(
            selection: summary, request: request, device: device, grid: grid, cells: cells, tested: tested.count,
            differing: cells.filter(\.differs).count, methods: "")
        report.names = try displayNames(study: resolved.layout.study)
        report.methods = summary.withCleaningMethods(Self.differenceMethods(report, tallies: tallies))
        return report
    }

    private func differenceCell(
        _ tallies: ScreenTallies, mapA: Int, mapB: Int, cell index: Int, column: Int, row: Int,
        request: HeatmapDifferenceRequest
    ) -> DifferenceCell {
        let grid = tallies.grid
        let tallyA = tallies.cells[mapA * grid.cellCount + index]
        let tallyB = tallies.cells[mapB * grid.cellCount + index]
        let minimum = max(1, request.minimumTrials)
        var cell = DifferenceCell(
            column: column, row: row, frame: grid.frame(column: column, row: row), trialsA: tallyA.trials,
            trialsB: tallyB.trials, isShown: tallyA.trials >= minimum && tallyB.trials >= minimum, pairs: 0,
            differs: false)
        guard cell.isShown else { return cell }
        let byParticipant = Dictionary(
            uniqueKeysWithValues: tallies.participants(map: mapB, cell: index).map { ($0.id, $0.tally) })
        let pairs = tallies.participants(map: mapA, cell: index).compactMap { entry in
            byParticipant[entry.id].map { (entry.tally, $0) }
        }
        if request.measure == .time {
            cell.valueA = tallyA.counts.meanLogTime.map { Foundation.exp($0) }
            cell.valueB = tallyB.counts.meanLogTime.map { Foundation.exp($0) }
            let logs = pairs.compactMap { pair in pair.0.meanLogTime.flatMap { a in pair.1.meanLogTime.map { (a, $0) } }
            }
            cell.pairs = logs.count
            guard logs.count >= 2 else {
                cell.untested = "\(logs.count) participant\(logs.count == 1 ? "" : "s") with times at both levels"
                return cell
            }
            do {
                let test = try TTest.paired(logs.map(\.0), logs.map(\.1))
                cell.difference = Foundation.exp(test.estimate)
                cell.ciLow = Foundation.exp(test.ciLow)
                cell.ciHigh = Foundation.exp(test.ciHigh)
                cell.statistic = test.t
                cell.df = test.df
                cell.p = test.p
            } catch {
                cell.untested = "the participants' differences do not vary"
            }
        } else {
            let rateA = tallyA.counts.errorRate
            let rateB = tallyB.counts.errorRate
            cell.valueA = rateA
            cell.valueB = rateB
            if let rateA, let rateB { cell.difference = rateA - rateB }
            let rates = pairs.compactMap { pair in pair.0.errorRate.flatMap { a in pair.1.errorRate.map { (a, $0) } } }
            cell.pairs = rates.count
            guard rates.count >= 2 else {
                cell.untested =
                    "\(rates.count) participant\(rates.count == 1 ? "" : "s") with hits recorded at both levels"
                return cell
            }
            do {
                let test = try WilcoxonSignedRank.test(rates.map(\.0), rates.map(\.1))
                cell.statistic = test.wPlus
                cell.p = test.p
            } catch {
                cell.untested = "every participant's error rate is the same at both levels"
            }
        }
        return cell
    }

    private static func differenceMethods(_ report: HeatmapDifferenceReport, tallies: ScreenTallies) -> String {
        let request = report.request
        let (a, b) = request.levels
        let grid = report.grid
        let test =
            request.measure == .time
            ? "the ratio of geometric mean times \(a)/\(b) is exp of the mean difference of the participants' mean ln times in the cell, tested with a paired t-test, with its back-transformed 95% interval"
            : "the difference of error rates \(a) − \(b) pools each level's trials in the cell; the participants' error rates at the two levels are compared with the Wilcoxon signed-rank test (R's wilcox.test: exact without ties or zeros and under 50 pairs, else the normal approximation with continuity correction)"
        let adjustment =
            request.adjustment == .none
            ? "p-values are not adjusted"
            : "p-values are adjusted across the \(report.tested) cells tested (\(request.adjustment.rawValue))"
        return
            "Difference map of \(request.factor) \(a) against \(b), \(report.selection.sentence). Trials are placed by their "
            + "\(request.position.rawValue) position on a grid of \(grid.columns) x \(grid.rows) cells of "
            + "\(grid.cellWidth.sentenceText) x \(grid.cellHeight.sentenceText) px"
            + (report.device.map { " over the screen of \($0.name)" } ?? " over the positions' bounding box") + ". "
            + "Per cell, \(test); only participants with trials at both levels in the cell count. "
            + "Cells where a level has fewer than \(request.minimumTrials) trials are not compared; \(adjustment); "
            + "a cell differs when its adjusted p is below \(request.alpha). \(report.differing) of \(report.tested) cells differ."
    }
}
