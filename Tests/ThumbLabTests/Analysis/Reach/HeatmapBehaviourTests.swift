import Foundation
import Testing

@testable import ThumbLab

/// What a heatmap refuses and how it splits data: devices never mixed, an empty selection
/// refused with a message, maps per level equal to maps of each level alone.
@Suite struct HeatmapBehaviourTests {
    private func usageMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch let error as ThumbLabError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
        return nil
    }

    @Test func twoDevicesAreNeverBinnedTogether() throws {
        let folder = TemporaryFolder()
        let study = try reachStudy(folder: folder)
        let selection = Selection(study: "thumb-reach", attempts: .all)
        let message = try #require(usageMessage { _ = try study.heatmap(selection: selection) })
        #expect(message.contains("large (1,008 trials), small (1,008 trials)"))
        #expect(message.contains("analyse one device at a time"))
        let small = try study.heatmap(HeatmapRequest(device: "small"), selection: selection)
        #expect(small.selection.trials == 1008)
        #expect(small.device?.name == "small")
        let filtered = try study.heatmap(
            selection: Selection(
                study: "thumb-reach", keep: [LevelFilter(factor: "phone", levels: ["large"])], attempts: .all))
        #expect(filtered.device?.name == "large")
    }

    @Test func anUnknownDeviceListsTheKnownOnes() throws {
        let folder = TemporaryFolder()
        let study = try reachStudy(folder: folder)
        let message = try #require(
            usageMessage {
                _ = try study.heatmap(
                    HeatmapRequest(device: "tablet"), selection: Selection(study: "thumb-reach", attempts: .all))
            })
        #expect(message.contains("no device 'tablet'; its devices: large, small"))
    }

    @Test func anEmptySelectionIsRefusedWithAMessage() throws {
        let folder = TemporaryFolder()
        let study = try reachStudy(folder: folder)
        let message = try #require(
            usageMessage {
                _ = try study.heatmap(
                    HeatmapRequest(device: "small"),
                    selection: Selection(
                        study: "thumb-reach", keep: [LevelFilter(factor: "block", levels: ["9"])], attempts: .all))
            })
        #expect(message.contains("no trial") || message.contains("block"))
    }

    @Test func millimetreCellsNeedADevice() throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("plain.sqlite").path)
        let path = repositoryRoot.appendingPathComponent("Datasets/thumb-reach/small.csv").path
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions())
        let study = Study(database: database)
        let message = try #require(usageMessage { _ = try study.heatmap(HeatmapRequest(grid: .millimetres(10))) })
        #expect(message.contains("density"))
        // Without a device the grid spans the positions' bounding box, and says so.
        let report = try study.heatmap(HeatmapRequest(grid: .cells(columns: 4, rows: 7)))
        #expect(report.device == nil)
        #expect(report.grid.minX == 80 && report.grid.maxX == 560)
        #expect(report.methods.contains("bounding box"))
        #expect(report.unit(.offset) == "px")
    }

    @Test func mapsPerLevelEqualEachLevelAlone() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        let byTechnique = try study.heatmap(HeatmapRequest(by: "technique"))
        #expect(byTechnique.maps.map(\.level) == ["Direct", "Shift", "ThumbSpace"])
        for map in byTechnique.maps {
            let alone = try study.heatmap(
                selection: Selection(keep: [LevelFilter(factor: "technique", levels: [map.level!])], attempts: .all))
            #expect(alone.maps[0].cells == map.cells)
        }
        #expect(byTechnique.maps.reduce(0) { $0 + $1.trials } == byTechnique.selection.trials)
    }

    @Test func gridsAreReadAndChecked() throws {
        #expect(try GridSize(parsing: "4x7") == .cells(columns: 4, rows: 7))
        #expect(try GridSize(parsing: "12X3") == .cells(columns: 12, rows: 3))
        for bad in ["4", "x7", "0x3", "4x-1", "4x7x2", "", "axb", "20000x1"] {
            #expect(throws: ThumbLabError.self) { try GridSize(parsing: bad) }
        }
        let device = Device(name: "d", widthPx: 100, heightPx: 50, pxPerMM: 10)
        let grid = try ScreenGrid(device: device, size: .millimetres(3))
        #expect(grid.columns == 4 && grid.rows == 2)
        #expect(grid.frame(column: 3, row: 1) == CellFrame(x0: 90, y0: 30, x1: 100, y1: 50))
        #expect(grid.cell(x: 100, y: 50) == 7)
        #expect(grid.cell(x: .nan, y: 1) == nil)
        #expect(grid.cell(x: 100.01, y: 1) == nil)
        #expect(throws: ThumbLabError.self) { try ScreenGrid(device: device, size: .millimetres(0)) }
    }
}
