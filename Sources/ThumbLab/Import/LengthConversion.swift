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
    /// - Throws: ``ThumbLabError/importSetup(_:)`` when a unit is given without a device, with a
    ///   device whose figures are not at hand (no database), or in pt or dp with a device
    ///   that has no scale factor.
    init(layout: ColumnLayout, options: ImportOptions) throws {
        guard let firstUnit = layout.units.values.map(\.rawValue).sorted().first else {
            self = .none
            return
        }
        let unit = options.units?.rawValue ?? firstUnit
        let perField = options.units == nil
        guard let name = options.device else {
            throw ThumbLabError.importSetup(.unitWithoutDevice(unit: unit, perField: perField))
        }
        guard let device = options.deviceFigures else {
            throw ThumbLabError.importSetup(.deviceFiguresUnavailable(unit: unit, perField: perField, device: name))
        }
        var factors = LengthConversion.none.factors
        var conversions: [ColumnConversion] = []
        for (field, column) in layout.columns.sorted(by: { $0.value < $1.value }) {
            guard let unit = layout.units[field] else { continue }
            guard let factor = unit.pixelsPerUnit(on: device) else {
                throw ThumbLabError.importSetup(
                    .deviceLacksFigure(
                        field: field.rawValue, unit: unit.rawValue, figure: unit.deviceFigure, device: name,
                        widthPx: device.widthPx, heightPx: device.heightPx, pxPerMM: device.pxPerMM))
            }
            factors[field.ordinal] = factor
            conversions.append(
                ColumnConversion(
                    field: field.rawValue, column: layout.headers[column].trimmingSpaces, unit: unit,
                    pixelsPerUnit: factor))
        }
        self.init(factors: factors, conversions: conversions)
    }
}

extension ColumnLayout {
    /// The unit of each matched length field read in another unit than px: the field's own
    /// unit (``ImportOptions/fieldUnits``), else the file's (``ImportOptions/units``).
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a unit given to a field that is not a
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
                throw ThumbLabError.importSetup(
                    .unitOfNonLength(key: key, unit: unit.rawValue, kind: kind.rawValue, lengths: lengths))
            }
            units[field] = unit
        }
        return units.filter { $0.value != .px }
    }
}
