/// Why an import cannot start: its options do not fit the file, the study database or the
/// device. Each case carries the facts (fields, columns, names, units); ``description``
/// words them in the terms of the import's options (`study`, `device`, `map`, `units`,
/// `fieldUnits`, `constants`, `namePattern`, `trialTime`).
public enum ImportSetupProblem: Equatable, Sendable {
    /// Importing `file` needs a study database, and none was given outside a dry run.
    case noDatabase(file: String)
    /// The study name is empty.
    case studyWithoutName
    /// The content of `source` is already in `study` as batch `batch`, imported from `earlierSource`.
    case alreadyImported(source: String, study: String, batch: Int64, earlierSource: String)
    /// The study database holds no device named `name`.
    case unknownDevice(name: String)
    /// The `map` key `key` (mapped to `column`) names no field of `kind`, whose fields are `fields`.
    case unknownField(key: String, column: String, kind: String, fields: [String])
    /// The `map` entry `key` names `column`, which the file, whose columns are `columns`, lacks.
    case missingColumn(key: String, column: String, columns: [String])
    /// The `map` entry `key` names `column`, whose text after its colon, `unit`, is none of `units`.
    case unknownUnit(key: String, column: String, unit: String, units: [String])
    /// A unit `unit` given to `key`, which is no length of `kind`; its lengths are `lengths`.
    case unitOfNonLength(key: String, unit: String, kind: String, lengths: [String])
    /// Lengths in `unit` convert to px through a device, and the import names none.
    /// `perField`: the unit was given to single fields (`fieldUnits`), not to every length (`units`).
    case unitWithoutDevice(unit: String, perField: Bool)
    /// Lengths in `unit` convert through `device`, whose figures are not at hand without a
    /// study database; `perField` as for ``unitWithoutDevice(unit:perField:)``.
    case deviceFiguresUnavailable(unit: String, perField: Bool, device: String)
    /// `field` in `unit` converts to px through `figure` (such as a scale factor), which
    /// `device` lacks; the device's figures follow.
    case deviceLacksFigure(
        field: String, unit: String, figure: String, device: String, widthPx: Double, heightPx: Double,
        pxPerMM: Double)
    /// Timing trials from the stimulus onset was asked of a touch log without an onset
    /// column; `names` are the names such a column may have.
    case onsetColumnMissing(names: [String])
    /// Two constants, `constant` and `earlier`, both set `key`.
    case constantGivenTwice(key: String, constant: Constant, earlier: Constant)
    /// `constant` sets `field`, a whole number, to a value that is none.
    case constantNotWholeNumber(constant: Constant, field: String)
    /// `constant` names `field`, which varies from row to row; a constant can set `settable`.
    case constantOfVaryingField(constant: Constant, field: String, settable: [String])
    /// `constant` sets the field `field` (or, when nil, a factor) that the file holds as the
    /// column `column`, number `index` (1-based).
    case constantHasColumn(constant: Constant, field: String?, column: String, index: Int)
    /// The file name pattern `pattern` cannot be used, for `flaw`.
    case invalidNamePattern(pattern: String, flaw: PatternFlaw)
    /// A column left out by its 1-based `position` (`@N`) that the header, of `columns`
    /// columns, does not have.
    case columnPositionBeyondHeader(position: Int, columns: Int)
    /// Column names were given for a JSON file, whose keys name its columns.
    case columnNamesForJSON
    /// Level names were given for `factor`, which is none of the file's factors (`factors`).
    case codedFactorMissing(factor: String, factors: [String])
    /// `column` was named to be kept as a factor (`asFactor`) or as numbers, and the file
    /// has no such column beyond its fields (`columns`: those it has).
    case columnToKeepMissing(column: String, asFactor: Bool, columns: [String])
    /// A setting of touch derivation is out of range: a negative feedback interval, a hit
    /// scale of 0 or less, or either not finite.
    case invalidDerivation(setting: String, value: Double)
    /// A feedback interval was given for trials timed by `model`, which does not time them
    /// from a previous selection.
    case feedbackOutsidePreviousModel(model: String)

    /// A constant as the import was given it: a name and value, given or read from the file name.
    public struct Constant: Equatable, Sendable {
        /// The field or factor the constant sets, as written.
        public var name: String
        /// Its value.
        public var value: String
        /// Whether the value comes from the file name, through the name pattern.
        public var fromFileName: Bool

        /// A constant `name` = `value`, given or from the file name.
        public init(name: String, value: String, fromFileName: Bool) {
            self.name = name
            self.value = value
            self.fromFileName = fromFileName
        }

        /// `participant=P01 (given)` or `{participant} of the file name`.
        public var origin: String { fromFileName ? "{\(name)} of the file name" : "\(name)=\(value) (given)" }
    }

    /// What makes a file name pattern unusable.
    public enum PatternFlaw: Equatable, Sendable {
        /// A `}` that closes no placeholder.
        case unopenedClose
        /// A `{` that is not closed.
        case unclosedOpen
        /// A placeholder without a name.
        case unnamedPlaceholder
        /// Two placeholders with no literal text between them.
        case adjacentPlaceholders(String, String)
        /// A placeholder name used twice.
        case repeatedPlaceholder(String)
        /// No placeholder at all.
        case noPlaceholder

        /// The flaw in a few words.
        public var description: String {
            switch self {
            case .unopenedClose: "a '}' closes no placeholder"
            case .unclosedOpen: "a '{' is not closed"
            case .unnamedPlaceholder: "a placeholder needs a name between '{' and '}'"
            case .adjacentPlaceholders(let before, let after):
                "{\(before)} and {\(after)} need literal text between them, or the name could be split anywhere"
            case .repeatedPlaceholder(let name): "{\(name)} appears twice"
            case .noPlaceholder: "it has no {name} placeholder"
            }
        }
    }
}
