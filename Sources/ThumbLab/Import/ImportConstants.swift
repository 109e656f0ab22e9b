/// A value every row of a file gets although no column holds it: a participant or
/// condition that a logger wrote only into the file's name, or that the user knows.
///
/// The name is a field's (``ImportField/named(_:for:)``: `participant`, `block`, `trial`;
/// for answers also `instrument` and `item`) or, any other name, a factor's. A constant of
/// a field or factor that the file also has as a column is refused.
public struct ImportConstant: Equatable, Sendable {
    /// Where a constant comes from.
    public enum Source: String, Equatable, Sendable {
        /// Given with the import (``ImportOptions/constants``).
        case given
        /// Read from the file's name (``ImportOptions/namePattern``).
        case fileName = "file_name"
    }

    /// The field or factor it sets, as written.
    public var name: String
    /// The value every row gets.
    public var value: String
    /// Where it comes from.
    public var source: Source

    /// A constant `name` = `value`.
    public init(name: String, value: String, source: Source = .given) {
        self.name = name
        self.value = value
        self.source = source
    }
}

/// The constants of one file resolved against its columns: the fields they set and the
/// factors they add, applied to every decoded row.
struct ConstantValues {
    var constants: [ImportConstant] = []
    private var participant: String?
    private var block: Int?
    private var trial: Int?
    private var instrument: String?
    private var item: String?
    /// The factors the constants add, after the file's own.
    private(set) var factorNames: [String] = []
    private var factorLevels: [String?] = []
    /// The last levels decoded and the same with the constants' levels added.
    private var lastLevels: [String?]?
    private var lastJoined: [String?] = []

    /// No constants.
    static let none = ConstantValues()

    private init() {}

    /// The fields of `kind` a constant may set.
    static func settableFields(_ kind: RowKind) -> [ImportField] {
        kind == .responses ? [.participant, .instrument, .item] : [.participant, .block, .trial]
    }

    /// The fields of `kind` that `constants` set.
    static func fields(_ constants: [ImportConstant], kind: RowKind) -> Set<ImportField> {
        Set(constants.compactMap { ImportField.named($0.name, for: kind) })
    }

    /// Resolves `constants` for a file of `layout`'s kind.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a field no constant can set, a name given
    ///   twice, or a block or trial that is no whole number; for a value from the file name,
    ///   ``ThumbLabError/fileNameMismatch(path:pattern:)`` instead of the last.
    init(_ constants: [ImportConstant], layout: ColumnLayout, path: String, pattern: FileNamePattern?) throws {
        self.constants = constants
        var seen: [String: ImportConstant] = [:]
        for constant in constants {
            let field = ImportField.named(constant.name, for: layout.kind)
            let key = field?.rawValue ?? ImportField.normalize(constant.name)
            if let earlier = seen[key] {
                throw ThumbLabError.importSetup(
                    .constantGivenTwice(key: key, constant: constant.setupFact, earlier: earlier.setupFact))
            }
            seen[key] = constant
            guard let field else {
                factorNames.append(constant.name.trimmingSpaces)
                factorLevels.append(constant.value)
                continue
            }
            func number() throws -> Int {
                var text = Substring(constant.value.trimmingSpaces)
                if field == .block, text.first == "B", text.count > 1 { text = text.dropFirst() }
                if let value = Int(text) { return value }
                if constant.source == .fileName, let pattern {
                    throw ThumbLabError.fileNameMismatch(path: path, pattern: pattern.text)
                }
                throw ThumbLabError.importSetup(
                    .constantNotWholeNumber(constant: constant.setupFact, field: field.rawValue))
            }
            switch field {
            case .participant: participant = constant.value
            case .block: block = try number()
            case .trial: trial = try number()
            case .instrument where layout.kind == .responses: instrument = constant.value
            case .item where layout.kind == .responses: item = constant.value
            default:
                throw ThumbLabError.importSetup(
                    .constantOfVaryingField(
                        constant: constant.setupFact, field: field.rawValue,
                        settable: Self.settableFields(layout.kind).map(\.rawValue)))
            }
        }
    }

    /// Gives a trial the constants' values.
    mutating func apply(to record: inout TrialRecord) {
        record.participant = participant ?? record.participant
        record.block = block ?? record.block
        record.trial = trial ?? record.trial
        record.levels = levels(record.levels)
    }

    /// `row` with the constants' values.
    mutating func apply(to row: DecodedRow) -> DecodedRow {
        switch row {
        case .touch(var record, let phase, let target, let outsideTrials):
            record.participant = participant ?? record.participant
            record.block = block ?? record.block
            record.trial = trial ?? record.trial
            record.levels = levels(record.levels)
            return .touch(record, phase: phase, target: target, outsideTrials: outsideTrials)
        case .response(var record):
            record.participant = participant ?? record.participant
            record.instrument = instrument ?? record.instrument
            record.item = item ?? record.item
            record.levels = levels(record.levels)
            return .response(record)
        case .participant(var record):
            record.participant = participant ?? record.participant
            return .participant(record)
        case .answers(let records):
            return .answers(
                records.map { answer in
                    guard case .response(let record) = apply(to: .response(answer)) else { return answer }
                    return record
                })
        }
    }

    /// The file's levels followed by the constants' factor levels, made again only when
    /// the file's levels change.
    private mutating func levels(_ levels: [String?]) -> [String?] {
        guard !factorLevels.isEmpty else { return levels }
        if levels != lastLevels {
            lastLevels = levels
            lastJoined = levels + factorLevels
        }
        return lastJoined
    }
}

extension ColumnLayout {
    /// Refuses a constant of a field or factor the file has as a column.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` naming the column.
    static func checkConstants(
        _ constants: [ImportConstant], kind: RowKind, normalized: [String], headers: [String],
        found: [ImportField: [Int]], ignored: Set<String>
    ) throws {
        for constant in constants {
            let field = ImportField.named(constant.name, for: kind)
            let column =
                field.flatMap { found[$0]?.first }
                ?? normalized.firstIndex(of: ImportField.normalize(constant.name))
            guard let column, !ignored.contains(normalized[column]) else { continue }
            throw ThumbLabError.importSetup(
                .constantHasColumn(
                    constant: constant.setupFact, field: field?.rawValue, column: headers[column].trimmingSpaces,
                    index: column + 1))
        }
    }
}

extension ImportConstant {
    /// The constant as a fact of an ``ImportSetupProblem``.
    var setupFact: ImportSetupProblem.Constant {
        ImportSetupProblem.Constant(name: name, value: value, fromFileName: source == .fileName)
    }
}
