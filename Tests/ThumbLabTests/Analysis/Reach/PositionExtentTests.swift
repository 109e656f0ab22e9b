import Foundation
import Testing

@testable import ThumbLab

/// The extents an import stores in `position_extent`, and heatmaps without a device that
/// start their grid from them: always the maps a grid over the aggregated bounds of the
/// selected trials gives, in one pass when the extents hold and in two when they do not.
@Suite struct PositionExtentTests {
    /// Two imports without a device: techniques A and B, blocks 1 and 2; block 2 holds the
    /// outermost positions (and a -0.0), a trial with an infinite x and one without a y.
    private func study() throws -> (TestDirectory, StudyDatabase) {
        let folder = try TestDirectory()
        let database = try folder.database()
        var seed: UInt64 = 7
        func next(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for source in ["one.csv", "two.csv"] {
            let writer = try database.beginImport(.trials(source))
            try writer.declareFactors(["technique"])
            var line = 2
            for participant in ["P1", "P2", "P3"] {
                for technique in ["A", "B"] {
                    for trial in 1...20 {
                        let x = next(10...100)
                        let y = next(20...200)
                        try writer.add(
                            TrialRecord(
                                participant: participant, levels: [technique], block: 1, trial: trial, targetX: x,
                                targetY: y, touchX: x + next(-5...5), touchY: y + next(-5...5),
                                timeMS: next(300...900), hit: trial % 7 != 0, line: line))
                        line += 1
                    }
                }
            }
            let outer: [(Double?, Double?)] = [(-0.0, 250), (300, 5), (120, 480), (.infinity, 60), (50, nil)]
            for (index, point) in outer.enumerated() {
                try writer.add(
                    TrialRecord(
                        participant: "P1", levels: [index % 2 == 0 ? "A" : "B"], block: 2, trial: index + 1,
                        targetX: point.0, targetY: point.1, touchX: point.0.map { $0 + 1 }, touchY: point.1,
                        timeMS: 500, hit: true, line: line))
                line += 1
            }
            _ = try writer.commit()
        }
        return (folder, database)
    }

    /// The maps of `request` over `selection`, and how many passes over the trials made them.
    private func heatmap(_ database: StudyDatabase, _ request: HeatmapRequest, _ selection: Selection) throws -> (
        HeatmapReport, passes: Int
    ) {
        var passes = 0
        database.readProgress = { if $0.finished { passes += 1 } }
        defer { database.readProgress = nil }
        let report = try Study(database: database).heatmap(request, selection: selection)
        return (report, passes)
    }

    private static let requests = [
        HeatmapRequest(), HeatmapRequest(by: "technique"), HeatmapRequest(position: .touch),
        HeatmapRequest(grid: .cells(columns: 7, rows: 3), position: .touch),
    ]

    private static let selections = [
        Selection(attempts: .all),
        Selection(),
        Selection(keep: [LevelFilter(factor: "technique", levels: ["B"])], attempts: .all),
        Selection(keep: [LevelFilter(factor: "block", levels: ["1"])]),
        Selection(exclude: [LevelFilter(factor: "block", levels: ["1"])], attempts: .last),
    ]

    @Test func theImportStoresTheBoundsOfEachConditionsFinitePositions() throws {
        let (folder, database) = try study()
        defer { _ = folder }
        for (position, x, y) in [("target", "target_x", "target_y"), ("touch", "touch_x", "touch_y")] {
            let stored = try rows(
                database,
                """
                SELECT batch_id, condition_id, min_x, min_y, max_x, max_y FROM position_extent
                WHERE position = '\(position)' ORDER BY batch_id, condition_id
                """)
            let aggregated = try rows(
                database,
                """
                SELECT batch_id, condition_id, min(\(x)), min(\(y)), max(\(x)), max(\(y)) FROM trial
                WHERE \(x) > -9e999 AND \(x) < 9e999 AND \(y) > -9e999 AND \(y) < 9e999
                GROUP BY batch_id, condition_id ORDER BY batch_id, condition_id
                """)
            #expect(stored.count == 4)
            #expect(stored == aggregated)
        }
        // The -0.0 of the outermost trial is stored as 0, as the trial's own column reads.
        let zero = try database.connection.prepare("SELECT min(min_x) FROM position_extent WHERE position = 'target'")
        _ = try zero.step()
        #expect(zero.double(0) == 0 && zero.double(0).sign == .plus)
    }

    @Test func undoRemovesABatchsExtents() throws {
        let (folder, database) = try study()
        defer { _ = folder }
        let batches = try database.batches().map(\.id)
        try database.undo(batch: batches[0])
        #expect(try scalar(database, "SELECT count(*) FROM position_extent WHERE batch_id = \(batches[0])") == 0)
        #expect(try scalar(database, "SELECT count(*) FROM position_extent WHERE batch_id = \(batches[1])") == 4)
    }

    @Test func mapsEqualThoseOnAGridOverTheAggregatedBounds() throws {
        let (folder, database) = try study()
        defer { _ = folder }
        var fromExtents: [HeatmapReport] = []
        var passes: [Int] = []
        for request in Self.requests {
            for selection in Self.selections {
                let (report, count) = try heatmap(database, request, selection)
                fromExtents.append(report)
                passes.append(count)
            }
        }
        // Without extents (as for imports made before they were kept) the grid comes from
        // bounds SQLite aggregates over the selected trials, then one pass.
        try database.connection.execute("DELETE FROM position_extent")
        var index = 0
        for request in Self.requests {
            for selection in Self.selections {
                let (report, count) = try heatmap(database, request, selection)
                #expect(report == fromExtents[index], "\(request) over \(selection)")
                #expect(count == 1)
                index += 1
            }
        }
        // The extents hold (one pass) unless the selection leaves the outermost trials out
        // (block 1 alone); the second import's trials are second attempts.
        let expected = Self.requests.flatMap { _ in [1, 1, 1, 2, 1] }
        #expect(passes == expected)
    }

    @Test func extentsThatNoLongerHoldAreReadAgain() throws {
        let (folder, database) = try study()
        defer { _ = folder }
        let expected = try heatmap(database, HeatmapRequest(by: "technique"), Selection()).0
        for change in [
            "UPDATE position_extent SET max_x = max_x - 1", "UPDATE position_extent SET min_y = min_y - 1",
            "DELETE FROM position_extent WHERE batch_id = (SELECT min(id) FROM batch)",
        ] {
            try database.connection.execute("BEGIN; \(change); COMMIT")
            let (report, passes) = try heatmap(database, HeatmapRequest(by: "technique"), Selection())
            #expect(report == expected, "after \(change)")
            #expect(passes == 2, "after \(change)")
        }
    }

    @Test func trialsWithoutAFinitePositionAreCountedAlike() throws {
        let (folder, database) = try study()
        defer { _ = folder }
        let writer = try database.beginImport(.trials("three.csv"))
        try writer.declareFactors(["technique"])
        try writer.add(TrialRecord(participant: "P9", levels: ["C"], block: 3, trial: 1, targetY: 10, timeMS: 400))
        _ = try writer.commit()
        // Blocks 2 and 3: the outermost trials, two without a y, two with an infinite x
        // (off the grid) and C's trial without an x.
        let outer = Selection(keep: [LevelFilter(factor: "block", levels: ["2", "3"])], attempts: .all)
        // Block 3 of A and C: A has extents, but no trial selected has a finite position.
        let none = Selection(
            keep: [LevelFilter(factor: "technique", levels: ["A", "C"]), LevelFilter(factor: "block", levels: ["3"])],
            attempts: .all)
        let (report, passes) = try heatmap(database, HeatmapRequest(), outer)
        #expect(report.withoutPosition == 3 && report.outside == 2 && passes == 1)
        var refusals: [String] = []
        var refusalPasses = 0
        database.readProgress = { if $0.finished { refusalPasses += 1 } }
        do {
            _ = try Study(database: database).heatmap(selection: none)
        } catch { refusals.append("\(error)") }
        #expect(refusalPasses == 2)
        try database.connection.execute("DELETE FROM position_extent")
        let (aggregated, _) = try heatmap(database, HeatmapRequest(), outer)
        #expect(report == aggregated)
        do {
            _ = try Study(database: database).heatmap(selection: none)
        } catch { refusals.append("\(error)") }
        #expect(refusals.count == 2 && refusals.first == refusals.last)
        #expect(refusals.first?.contains("places no trial") == true)
    }
}
