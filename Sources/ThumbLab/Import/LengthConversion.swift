/// One length field that an import converted to px: the column it came from, the unit it
/// was in and the factor, as the import summary states it.
public struct ColumnConversion: Equatable, Sendable {
    /// The field (``ImportField`` raw value).
    public var field: String
    /// The column's header as written in the file.
    public var column: String
    /// The unit the column was in.
    public var unit: ScreenUnit
    /// Pixels per unit on the import's device.
    public var pixelsPerUnit: Double

    /// Creates a conversion record.
    package init(field: String, column: String, unit: ScreenUnit, pixelsPerUnit: Double) {
        self.field = field
        self.column = column
        self.unit = unit
        self.pixelsPerUnit = pixelsPerUnit
    }
}

/// How the length fields of one file become px: a factor per field, resolved once from
/// the columns' units and the device, so that decoding a row only multiplies.
struct LengthConversion {
    /// Pixels per unit of each field, by ``ImportField/ordinal``; 1 for fields read as px.
    let factors: [Double]
    /// The converted fields, in file order.
    let conversions: [ColumnConversion]

    /// Nothing converted.
    static let none = LengthConversion(
        factors: [Double](repeating: 1, count: ImportField.allCases.count), conversions: [])

    private init(factors: [Double], conversions: [ColumnConversion]) {
        self.factors = factors
        self.conversions = conversions
    }

    /// The conversion of `layout`'s length fields on the device of `options`.
    /// - Throws: ``ThumbLabError/usage(_:)`` when a unit is given without a device, with a
    ///   device whose figures are not at hand (no database), or in pt or dp with a device
    ///   that has no scale factor.
    init(layout: ColumnLayout, options: ImportOptions) throws {
        guard let firstUnit = layout.units.values.map(\.rawValue).sorted().first else {
            self = .none
            return
        }
        let flag = options.units.map { "--units \($0.rawValue)" } ?? "--map FIELD=COLUMN:\(firstUnit)"
        guard let name = options.device else {
            throw ThumbLabError.usage(
                "\(flag) converts lengths to px through the device the data was logged on; name it with --device NAME (`thumblab device add NAME --width PX --height PX --ppi X --scale X` adds one)"
            )
        }
        guard let device = options.deviceFigures else {
            throw ThumbLabError.usage(
                "\(flag) converts lengths to px through device \(name), whose figures are in the study database; import into a database that holds the device"
            )
        }
        var factors = LengthConversion.none.factors
        var conversions: [ColumnConversion] = []
        for (field, column) in layout.columns.sorted(by: { $0.value < $1.value }) {
            guard let unit = layout.units[field] else { continue }
            guard let factor = unit.pixelsPerUnit(on: device) else {
                throw ThumbLabError.usage(
                    "\(field.rawValue) in \(unit.rawValue) converts to px through \(unit.deviceFigure), and device \(name) has none; give it one with `thumblab device add \(name) \(Self.figures(device)) --scale X` (2 on a 2x screen)"
                )
            }
            factors[field.ordinal] = factor
            conversions.append(
                ColumnConversion(
                    field: field.rawValue, column: layout.headers[column].trimmingSpaces, unit: unit,
                    pixelsPerUnit: factor))
        }
        self.init(factors: factors, conversions: conversions)
    }

    /// The figures `device add` takes for `device`: `--width 320 --height 480 --px-per-mm 6.4`.
    private static func figures(_ device: Device) -> String {
        "--width \(NumberText.shortest(device.widthPx)) --height \(NumberText.shortest(device.heightPx)) --px-per-mm \(NumberText.shortest(device.pxPerMM))"
    }
}

extension ColumnLayout {
    /// The unit of each matched length field read in another unit than px: the field's own
    /// unit (``ImportOptions/fieldUnits``), else the file's (``ImportOptions/units``).
    /// - Throws: ``ThumbLabError/usage(_:)`` for a unit given to a field that is not a
    ///   length of `kind`.
    static func lengthUnits(_ options: ImportOptions, kind: RowKind, found: [ImportField: [Int]]) throws
        -> [ImportField: ScreenUnit]
    {
        var units: [ImportField: ScreenUnit] = [:]
        if let unit = options.units {
            for field in found.keys where field.isLength { units[field] = unit }
        }
        for (key, unit) in options.fieldUnits.sorted(by: { $0.key < $1.key }) {
            guard let field = ImportField.named(key, for: kind), field.isLength else {
                let lengths = ImportField.fields(for: kind).filter(\.isLength).map(\.rawValue)
                throw ThumbLabError.usage(
                    "--map \(key)=...:\(unit.rawValue): '\(key)' is not a length of \(kind.rawValue), so it has no unit; the lengths are \(lengths.joined(separator: ", "))"
                )
            }
            units[field] = unit
        }
        return units.filter { $0.value != .px }
    }
}
