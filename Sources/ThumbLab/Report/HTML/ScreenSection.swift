extension HTMLSectionProvider {
    /// Where on the screen the thumb is fast and accurate: time and error heatmaps per
    /// level of the first trial factor, the reach zone, error rate by target size and
    /// time by direction of movement (each with its table), with the figures the data
    /// cannot give named and the reason given.
    public static let screen = HTMLSectionProvider(name: "screen") { report in
        let spatial = report.spatial
        var blocks: [HTMLBlock] = [
            .paragraph(
                "These analyses count every attempt of the selected trials, each tap being an observation of "
                    + "where it landed; their filters are those of the report.")
        ]
        if let heatmap = spatial.timeHeatmap {
            blocks.append(
                .figure("the time heatmap", caption: caption(HeatmapFigures.figure(heatmap).title)) {
                    try HeatmapFigures.figure(heatmap).figure()
                })
        }
        if let heatmap = spatial.errorHeatmap {
            blocks.append(
                .figure("the error heatmap", caption: caption(HeatmapFigures.figure(heatmap).title)) {
                    try HeatmapFigures.figure(heatmap).figure()
                })
        }
        if let reach = spatial.reach {
            blocks.append(
                .figure("the reach zone", caption: caption(ReachFigures.figure(reach).title)) {
                    try ReachFigures.figure(reach).figure()
                })
            blocks.append(.table(title: "Reach zone per device", table: ReachZoneTables.zoneTable(reach, decimals: 3)))
            blocks.append(.paragraph(reach.methods))
        }
        if let size = spatial.targetSize {
            blocks.append(
                .figure("target size", caption: caption(SpatialCharts.targetSize(size).title)) {
                    try SpatialCharts.targetSize(size).figure()
                })
            blocks.append(.table(title: "Error rate and time by target size", table: TargetSizeTables.sizes(size)))
            blocks.append(.list(size.sentences))
        }
        if let direction = spatial.direction {
            blocks.append(
                .figure("direction of movement", caption: caption(SpatialCharts.direction(direction).title)) {
                    try SpatialCharts.direction(direction).figure()
                })
            blocks.append(
                .table(title: "Time and errors by direction", table: DirectionTables.sectors(direction.sectors)))
            blocks.append(.list(direction.sentences))
        }
        if let fitts = spatial.fitts {
            blocks.append(
                .figure("Fitts' law", caption: caption(FittsChart.chart(fitts).title)) {
                    try FittsChart.chart(fitts).figure()
                })
            blocks.append(.table(title: "Fitts' law: throughput per condition", table: FittsTables.cells(fitts)))
            blocks.append(.table(title: "Fitts' law: regressions of MT on IDe", table: FittsTables.fits(fitts)))
        }
        if !spatial.leftOut.isEmpty {
            blocks.append(.paragraph("Figures left out, and why:"))
            blocks.append(.list(spatial.leftOut))
        }
        return HTMLReportSection(id: "screen", title: "Screen, target size, direction and Fitts' law", blocks: blocks)
    }

    /// A figure's title as a caption sentence.
    static func caption(_ title: String) -> String { title.hasSuffix(".") ? title : title + "." }
}
