extension ReportSectionProvider {
    /// Where on the screen the thumb is fast and accurate: time and error heatmaps per
    /// level of the first trial factor, the reach zone, error rate by target size and
    /// time by direction of movement (each with its table), with the figures the data
    /// cannot give named and the reason given.
    public static let screen = ReportSectionProvider(name: "screen") { report in
        let spatial = report.spatial
        var blocks: [ReportBlock] = [
            .text(
                "These analyses count every attempt of the selected trials, each tap being an observation of "
                    + "where it landed; their filters are those of the report.")
        ]
        if let heatmap = spatial.timeHeatmap {
            let chart = HeatmapFigures.figure(heatmap)
            blocks.append(
                .figure("the time heatmap", caption: ReportFigure.caption(chart.title)) { try chart.figure(size: $0) })
        }
        if let heatmap = spatial.errorHeatmap {
            let chart = HeatmapFigures.figure(heatmap)
            blocks.append(
                .figure("the error heatmap", caption: ReportFigure.caption(chart.title)) { try chart.figure(size: $0) })
        }
        if let reach = spatial.reach {
            let chart = ReachFigures.figure(reach)
            blocks.append(
                .figure("the reach zone", caption: ReportFigure.caption(chart.title)) { try chart.figure(size: $0) })
            blocks.append(
                .table(
                    ReportTable(
                        file: "reach-zone", title: "Reach zone per device",
                        data: ReachZoneTables.zoneTable(reach, decimals: 3))))
            blocks.append(.text(reach.methods))
        }
        if let size = spatial.targetSize {
            let chart = SpatialCharts.targetSize(size)
            blocks.append(
                .figure("target size", caption: ReportFigure.caption(chart.title)) { try chart.figure(size: $0) })
            blocks.append(
                .table(
                    ReportTable(
                        file: "target-size", title: "Error rate and time by target size",
                        data: TargetSizeTables.sizes(size))))
            blocks.append(.list(size.sentences))
        }
        if let direction = spatial.direction {
            let chart = SpatialCharts.direction(direction)
            blocks.append(
                .figure("direction of movement", caption: ReportFigure.caption(chart.title)) {
                    try chart.figure(size: $0)
                })
            blocks.append(
                .table(
                    ReportTable(
                        file: "direction", title: "Time and errors by direction",
                        data: DirectionTables.sectors(direction.sectors))))
            blocks.append(.list(direction.sentences))
        }
        if let fitts = spatial.fitts {
            let chart = FittsChart.chart(fitts)
            blocks.append(
                .figure("Fitts' law", caption: ReportFigure.caption(chart.title)) { try chart.figure(size: $0) })
            blocks.append(
                .table(
                    ReportTable(
                        file: "fitts-conditions", title: "Fitts' law: throughput per condition",
                        data: FittsTables.cells(fitts))))
            blocks.append(
                .table(
                    ReportTable(
                        file: "fitts-regressions", title: "Fitts' law: regressions of MT on IDe",
                        data: FittsTables.fits(fitts))))
        }
        if !spatial.leftOut.isEmpty {
            blocks.append(.text("Figures left out, and why:"))
            blocks.append(.list(spatial.leftOut))
        }
        return ReportSection(id: "screen", title: "Screen, target size, direction and Fitts' law", blocks: blocks)
    }
}
