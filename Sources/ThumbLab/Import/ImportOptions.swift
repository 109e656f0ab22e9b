/// How to import one file. The defaults serve most logs: the study `default`, the kind
/// detected from the columns, columns matched by name and alias, the import stopping at
/// the first invalid file.
public struct ImportOptions {
    /// The study the rows belong to.
    public var study: String
    /// The kind of rows; nil detects it from the columns.
    public var kind: RowKind?
    /// Field name -> column name overrides (`["time_ms": "rt"]`); a key may be a field's
    /// name (see ``ImportField``) or any of its aliases.
    public var map: [String: String]
    /// Columns to leave out; they become neither fields nor factors.
    public var ignore: [String]
    /// A device already in the database, recorded with the import.
    public var device: String?
    /// Validate and count only; write nothing.
    public var dryRun: Bool
    /// Import the valid rows and record each rejected row instead of stopping.
    public var skipInvalid: Bool
    /// The unit of every length column (coordinates, sizes, amplitude, deviation: see
    /// ``ImportField/isLength``); nil reads them as px. Other units convert through
    /// ``device`` (``ScreenUnit``).
    public var units: ScreenUnit?
    /// The unit of single length fields, overriding ``units`` (`["target_w": .mm]`);
    /// a key names a field as in ``map``.
    public var fieldUnits: [String: ScreenUnit]
    /// Values every row gets that the file holds in no column (`participant` = `P01`, or a
    /// factor); each may name a field or factor the file has no column for.
    public var constants: [ImportConstant] = []
    /// Values read from each file's name (``FileNamePattern``), as constants of the file.
    public var namePattern: FileNamePattern?
    /// The format to read every file in; nil takes it from the file's extension, or from its
    /// content where the extension names no format (``InputFormat``).
    public var input: InputFormat?
    /// The column names of a delimited file without a header, in file order; nil reads the
    /// header from the file.
    public var columns: [String]?
    /// Which values of a hit column count as hits, for a coding the import does not know;
    /// nil reads 1/0, true/false, yes/no and outcome words such as success/error.
    public var hitWhen: HitCoding?
    /// Level names for factors the file holds as codes; every code a file holds must be named.
    public var levelCodings: [LevelCoding] = []
    /// Columns of a trials file kept as factors whatever their values (a numeric column with
    /// more than 24 different values is otherwise kept as numbers per trial).
    public var factorColumns: [String] = []
    /// Columns of a trials file kept as numbers per trial (`trial_value`), whatever the
    /// count of their values.
    public var numericColumns: [String] = []
    /// The questionnaire of a sheet in wide form (one column per item), when its column
    /// names do not tell it (``WideInstrument``); nil tells it from the names.
    public var instrument: WideInstrument?
    /// The ordered answer words of a wide sheet's items, numbered from 1, for a set other
    /// than the agreement sets and the SEQ's ends (``AnswerWords``).
    public var likertWords: [String]?
    /// The scale of a wide sheet's NASA-TLX ratings; nil takes 0 to 100 when a rating is
    /// above 21 and otherwise asks.
    public var tlxScale: TLXScale?
    /// How trials derived from a touch log's events are timed; ``TrialTiming/auto`` (the
    /// default) times them from the stimulus onset where the log has an onset column and
    /// from the previous selection otherwise (ISO 9241-411's serial task).
    public var trialTime: TrialTiming
    /// How trials derived from a touch log's events are made beyond their clock: a feedback
    /// interval taken off, how far back the previous selection reaches, the hit region.
    public var derivation = TouchDerivation()
    /// Called about every ``ImportProgress/interval`` rows and once at the end.
    public var progress: ((ImportProgress) -> Void)?
    /// The figures of ``device``, looked up in the database by the importer.
    var deviceFigures: Device?
    /// How much of a JSON file the importer's first pass collects keys from.
    var jsonKeyPass = JSONRowReader.KeyPass.importDefault
    /// The character that marks a backspace in a phrase log's input streams written as
    /// text; `<` as TextTest writes them.
    public var backspace: Character = "<"
    /// Where the keys of a phrase log's keyboard sit: the centre of each key whose taps
    /// the input streams log without one (``KeyTap``).
    public var keyboard: KeyboardLayout?

    /// Creates options; the defaults import into the study `default`, detect the kind, match
    /// columns by name and alias, and stop at the first invalid row.
    public init(
        study: String = "default", kind: RowKind? = nil, map: [String: String] = [:], ignore: [String] = [],
        device: String? = nil, dryRun: Bool = false, skipInvalid: Bool = false, units: ScreenUnit? = nil,
        fieldUnits: [String: ScreenUnit] = [:], trialTime: TrialTiming = .auto,
        progress: ((ImportProgress) -> Void)? = nil
    ) {
        self.trialTime = trialTime
        self.study = study
        self.kind = kind
        self.map = map
        self.ignore = ignore
        self.device = device
        self.dryRun = dryRun
        self.skipInvalid = skipInvalid
        self.units = units
        self.fieldUnits = fieldUnits
        self.progress = progress
    }
}

/// How far an import has come.
public struct ImportProgress: Equatable, Sendable {
    /// Rows read so far (valid and invalid).
    public var rows: Int
    /// Bytes of the file read so far.
    public var bytes: Int
    /// Size of the file in bytes.
    public var totalBytes: Int

    /// Rows between two progress reports.
    public static let interval = 100_000

    /// Creates a progress report.
    package init(rows: Int, bytes: Int, totalBytes: Int) {
        self.rows = rows
        self.bytes = bytes
        self.totalBytes = totalBytes
    }

    /// Share of the file read, from 0 to 1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : 1 }
}
