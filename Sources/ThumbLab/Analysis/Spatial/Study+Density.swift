import Foundation

extension Study {
    /// The Gaussian kernel density of touch points (``KernelDensity``) on a grid over the
    /// screen of one device, per cell of `request.by`: in the share of touches per mm² with the
    /// device's density, else per px² over the touches' bounding box. Every attempt
    /// counts by default: each tap is an observation of where it landed.
    /// - Throws: ``ThumbLabError`` for an unknown factor, level or device, a
    ///   selection that spans several devices or holds no touch point, a bandwidth that is
    ///   not a positive number, or Scott's rule on touches without spread.
    public func density(_ request: DensityRequest = DensityRequest(), selection: Selection = .everyAttempt)
        throws -> DensityReport
    {
        let resolved = try resolve(selection)
        if let bandwidth = request.bandwidth, !(bandwidth.isFinite && bandwidth > 0) {
            throw ThumbLabError.parameter(.invalidBandwidth(value: bandwidth))
        }
        let scheme = try CellScheme(factors: request.by, selection: resolved)
        var scope = try DeviceScope(requested: request.device, layout: resolved.layout)
        var xs = Array(repeating: [Double](), count: scheme.cells.count)
        var ys = xs
        var participants = Array(repeating: Set<Int64>(), count: scheme.cells.count)
        var lastCondition: Int64?
        var lastCell: Int?
        var lastParticipant: Int64?
        var lastParticipantCell: Int?
        try database.forEachTrial(resolved.trialQuery, fields: [.batch, .touch]) { trial in
            if trial.conditionID != lastCondition {
                lastCondition = trial.conditionID
                lastCell = scheme.cell(ofCondition: trial.conditionID)
            }
            guard let cell = lastCell, let x = trial.touchX, let y = trial.touchY, x.isFinite, y.isFinite,
                scope.accepts(batch: trial.batchID)
            else { return }
            xs[cell].append(x)
            ys[cell].append(y)
            // Runs of one participant are the rule in storage order: one insert per run.
            if trial.participantID != lastParticipant || cell != lastParticipantCell {
                lastParticipant = trial.participantID
                lastParticipantCell = cell
                participants[cell].insert(trial.participantID)
            }
        }
        let device = try scope.chosen()
        let total = xs.reduce(0) { $0 + $1.count }
        guard total > 0 else {
            throw resolved.empty(.touchPoint, device: request.device)
        }
        let grid = try Self.densityGrid(request.grid, device: device, xs: xs.flatMap { $0 }, ys: ys.flatMap { $0 })
        let columnCentres = (0..<grid.columns).map {
            (grid.frame(column: $0, row: 0).x0 + grid.frame(column: $0, row: 0).x1) / 2
        }
        let rowCentres = (0..<grid.rows).map {
            (grid.frame(column: 0, row: $0).y0 + grid.frame(column: 0, row: $0).y1) / 2
        }
        let scale = device?.pxPerMM ?? 1
        let gridX = columnCentres.map { $0 / scale }
        let gridY = rowCentres.map { $0 / scale }
        var maps: [DensityMap] = []
        for cell in scheme.cells.indices where !xs[cell].isEmpty {
            let x = xs[cell].map { $0 / scale }
            let y = ys[cell].map { $0 / scale }
            let hx = request.bandwidth ?? KernelDensity.scottBandwidth(x)
            let hy = request.bandwidth ?? KernelDensity.scottBandwidth(y)
            guard hx > 0, hy > 0 else {
                let name = scheme.cells[cell].isEmpty ? nil : scheme.name(cell)
                throw ThumbLabError.analysis(.bandwidthNotChosen(cell: name, touches: x.count))
            }
            let density = KernelDensity.estimate(
                xs: x, ys: y, bandwidthX: hx, bandwidthY: hy, gridX: gridX, gridY: gridY)
            maps.append(
                Self.densityMap(
                    density, levels: scheme.cells[cell], n: x.count, participants: participants[cell].count,
                    bandwidth: (hx, hy), grid: grid, scale: scale))
        }
        let summary = SelectionSummary(
            resolved, trials: total, participants: participants.reduce(into: Set<Int64>()) { $0.formUnion($1) }.count)
        let rule = request.bandwidth.map(BandwidthRule.fixed) ?? .scott
        var offsetField: HeatmapReport?
        if request.by.count <= 1 {
            // Without target positions there is no offset to map: the density stands alone.
            offsetField = try? heatmap(
                HeatmapRequest(
                    measure: .offset, grid: request.offsetGrid, position: .target, by: request.by.first,
                    device: device?.name),
                selection: selection)
        }
        return DensityReport(
            selection: summary, device: device, factors: request.by, grid: grid, columnCentres: columnCentres,
            rowCentres: rowCentres, unit: device == nil ? .px : .mm, bandwidthRule: rule, maps: maps,
            offsetField: offsetField,
            methods: summary.withCleaningMethods(Self.densityMethods(summary, device: device, grid: grid, rule: rule)),
            names: try displayNames(study: resolved.layout.study))
    }

    /// The grid over the device's screen (1 mm cells by default), or over the touches'
    /// bounding box without a device (100 cells along its longer side by default).
    private static func densityGrid(_ size: GridSize?, device: Device?, xs: [Double], ys: [Double]) throws -> ScreenGrid
    {
        if let device { return try ScreenGrid(device: device, size: size ?? .millimetres(1)) }
        let minX = xs.min() ?? 0
        let maxX = xs.max() ?? 0
        let minY = ys.min() ?? 0
        let maxY = ys.max() ?? 0
        let side = max(maxX - minX, maxY - minY) / 100
        let fallback: GridSize =
            side > 0
            ? .cells(
                columns: max(1, Int(((maxX - minX) / side).rounded(.up))),
                rows: max(1, Int(((maxY - minY) / side).rounded(.up))))
            : .cells(columns: 1, rows: 1)
        return try ScreenGrid(minX: minX, minY: minY, maxX: maxX, maxY: maxY, size: size ?? fallback, pxPerMM: nil)
    }

    private static func densityMap(
        _ density: [Double], levels: [String], n: Int, participants: Int, bandwidth: (Double, Double),
        grid: ScreenGrid, scale: Double
    ) -> DensityMap {
        var peak = 0
        var mass = 0.0
        for index in density.indices {
            if density[index] > density[peak] { peak = index }
            let frame = grid.frame(column: index % grid.columns, row: index / grid.columns)
            mass += density[index] * (frame.x1 - frame.x0) * (frame.y1 - frame.y0) / (scale * scale)
        }
        return DensityMap(
            levels: levels, n: n, participants: participants, bandwidthX: bandwidth.0, bandwidthY: bandwidth.1,
            density: density, peakColumn: peak % grid.columns, peakRow: peak / grid.columns,
            peakDensity: density.isEmpty ? .nan : density[peak], massOnGrid: mass)
    }

    private static func densityMethods(
        _ selection: SelectionSummary, device: Device?, grid: ScreenGrid, rule: BandwidthRule
    ) -> String {
        let unit = device == nil ? "px" : "mm"
        let width = Self.decimal(grid.cellWidth / (device?.pxPerMM ?? 1))
        let height = Self.decimal(grid.cellHeight / (device?.pxPerMM ?? 1))
        let cell = width == height ? width : "\(width) x \(height)"
        let place =
            device.map {
                "on the screen of device \($0.name) (\(Self.decimal($0.widthPx)) x \(Self.decimal($0.heightPx)) px, \(Self.decimal($0.pxPerMM, 4)) px/mm), coordinates in mm"
            }
            ?? "in px over the touches' bounding box: the imports named no device, so nothing can be given in mm"
        let bandwidth =
            switch rule {
            case .scott:
                "the bandwidth of each axis by Scott's rule for two-dimensional data, h = σ n^(-1/6) (σ the SD of the touches' coordinates on that axis), for each map on its own touches"
            case .fixed(let h): "a bandwidth of \(Self.decimal(h)) \(unit) on both axes, as given"
            }
        return
            "Touch density of \(selection.sentence) (every tap is an observation of where it landed), \(place). "
            + "Gaussian kernel density estimate with a product kernel (one bandwidth per axis, no correlation term) and "
            + "\(bandwidth); kernel weights beyond 4 bandwidths on an axis are left out. The density is in the share of touches per "
            + "\(unit)² and integrates to 1 over the plane; mass_on_grid is its share on the grid. It is evaluated at the "
            + "centres of a \(grid.columns) x \(grid.rows) grid of cells of \(cell) \(unit)."
    }

    /// A number with up to `digits` decimals, trailing zeros dropped.
    static func decimal(_ value: Double, _ digits: Int = 2) -> String {
        var text = String(format: "%.\(digits)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
