import Foundation

/// The warning for target widths that look like they are not in px: read without a unit,
/// on a known device, with a median below 1/``shortSideDivisor`` of the screen's shorter
/// side. A 9.6 mm target read as 9.6 px would be a tenth of its size and every hit
/// computed from it wrong, so the import says so with the numbers and the fix.
enum WidthUnitCheck {
    /// Widths whose median is below the shorter screen side divided by this are suspect:
    /// 27 px on a 1080 px wide phone, far below any target a thumb can hit in px, and above
    /// the usual widths in mm (5 to 15).
    static let shortSideDivisor = 40.0

    /// The warning for `layout`'s target widths in `sample`, or nil when they look like px,
    /// a unit was given for them, or no device is known.
    static func warning(layout: ColumnLayout, sample: ValueSample, options: ImportOptions) -> String? {
        guard let column = layout.columns[.targetWidth], let device = options.deviceFigures,
            options.units == nil,
            !options.fieldUnits.keys.contains(where: { ImportField.named($0, for: layout.kind) == .targetWidth })
        else { return nil }
        let widths = sample.numbers(column: column).filter { $0 > 0 }.sorted()
        guard !widths.isEmpty else { return nil }
        let middle = widths.count / 2
        let median = widths.count % 2 == 1 ? widths[middle] : (widths[middle - 1] + widths[middle]) / 2
        let shortSide = min(device.widthPx, device.heightPx)
        let threshold = shortSide / shortSideDivisor
        guard median < threshold else { return nil }
        let header = layout.headers[column].trimmingSpaces
        let name = header == ImportField.targetWidth.rawValue ? header : "target_w ('\(header)')"
        let rows = sample.rows.count == ValueSample.rowLimit ? " of the first \(ValueSample.rowLimit) rows" : ""
        return
            "\(name): the median target width\(rows) is \(format(median)), read as px since no unit was given, below 1/\(format(shortSideDivisor)) of the shorter side of device \(device.name) (\(format(shortSide)) px / \(format(shortSideDivisor)) = \(format(threshold)) px); if the widths are in mm (or pt, dp), undo this import and import again with --units mm (or --map target_w=\(header):mm)"
    }

    private static func format(_ value: Double) -> String {
        JSONValue.format((value * 100).rounded() / 100)
    }
}
