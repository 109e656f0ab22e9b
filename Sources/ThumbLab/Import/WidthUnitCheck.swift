import Foundation

/// The warning for target widths that look like they are not in px, read without a unit.
/// On a known device: a median below 1/``shortSideDivisor`` of the screen's shorter side.
/// Without a device: a median below 1/``spanDivisor`` of the span the file's target or
/// touch positions cover. A 9.6 mm target read as 9.6 px would be a tenth of its size and
/// every hit computed from it wrong, so the import says so with the numbers
/// (``WidthUnitDoubt``).
enum WidthUnitCheck {
    /// Widths whose median is below the shorter screen side divided by this are suspect:
    /// 27 px on a 1080 px wide phone, far below any target a thumb can hit in px, and above
    /// the usual widths in mm (5 to 15).
    static let shortSideDivisor = 40.0
    /// Without a device, widths whose median is below the positions' span divided by this
    /// are suspect: 26 px beside positions spread over 1,300 px. The span of a study's
    /// targets is smaller than the screen, so the divisor is larger than
    /// ``shortSideDivisor``.
    static let spanDivisor = 50.0
    /// Without a device, positions that span more than this are taken for px: a phone's
    /// screen is 60-80 mm wide, a tablet's under 250 mm, and targets keep off its edges.
    static let pixelSpan = 150.0

    /// The doubt about `layout`'s target widths in `sample`, or nil when they look like px
    /// or a unit was given for them.
    static func warning(layout: ColumnLayout, sample: ValueSample, options: ImportOptions) -> ImportWarning? {
        guard let column = layout.columns[.targetWidth], options.units == nil,
            !options.fieldUnits.keys.contains(where: { ImportField.named($0, for: layout.kind) == .targetWidth })
        else { return nil }
        let widths = sample.numbers(column: column).filter { $0 > 0 }.sorted()
        guard !widths.isEmpty else { return nil }
        let middle = widths.count / 2
        let median = widths.count % 2 == 1 ? widths[middle] : (widths[middle - 1] + widths[middle]) / 2
        var doubt: WidthUnitDoubt
        let span = positionSpan(layout: layout, sample: sample)
        if let device = options.deviceFigures {
            doubt = WidthUnitDoubt(
                header: layout.headers[column].trimmingSpaces, median: median,
                sampledRows: sample.rows.count == ValueSample.rowLimit ? ValueSample.rowLimit : nil,
                reference: .device(name: device.name, shortSidePx: min(device.widthPx, device.heightPx)),
                divisor: shortSideDivisor, dryRun: options.dryRun)
            doubt.positionsLookLikePixels = (span?.extent ?? 0) > min(device.widthPx, device.heightPx) / 4
        } else {
            guard let span else { return nil }
            doubt = WidthUnitDoubt(
                header: layout.headers[column].trimmingSpaces, median: median,
                sampledRows: sample.rows.count == ValueSample.rowLimit ? ValueSample.rowLimit : nil,
                reference: .positionSpan(extentPx: span.extent, fields: span.fields), divisor: spanDivisor,
                dryRun: options.dryRun)
            doubt.positionsLookLikePixels = span.extent > pixelSpan
        }
        return median < doubt.threshold ? .widthsMayNotBePixels(doubt) : nil
    }

    /// The widest span of the target and touch positions in `sample` along one axis, with
    /// the fields that give it (`target_x, touch_x`); nil without position columns or values.
    static func positionSpan(layout: ColumnLayout, sample: ValueSample) -> (extent: Double, fields: String)? {
        var best: (extent: Double, fields: String)?
        let axes: [[ImportField]] = [[.targetX, .touchX, .x], [.targetY, .touchY, .y]]
        for axis in axes {
            let present = axis.filter { layout.columns[$0] != nil }
            let values = present.flatMap { sample.numbers(column: layout.columns[$0]!) }
            guard let low = values.min(), let high = values.max(), high > low else { continue }
            if high - low > best?.extent ?? 0 {
                best = (high - low, present.map(\.rawValue).joined(separator: ", "))
            }
        }
        return best
    }
}
