/// What an import tells its user to check, though nothing failed: each case carries the
/// facts, and ``description`` words them with the names of the import's options.
public enum ImportWarning: Equatable, Sendable, CustomStringConvertible {
    /// Target widths read as px that look like they are in another unit.
    case widthsMayNotBePixels(WidthUnitDoubt)
    /// An onset later than its selection, read with `skipInvalid`: the trial is stored
    /// without a time.
    case lateOnset(InputProblem)
    /// How many onsets were later than their selection in all, when only the first `shown`
    /// are listed.
    case lateOnsetsInAll(total: Int, shown: Int)
    /// Comment lines (`[#]...`) among the rows of a file that opens with such lines: skipped.
    case commentLinesAmongRows(lines: [Int])
    /// Phrases whose transcription is empty: stored, with a WPM of 0 and an MSD error rate
    /// of 100%.
    case emptyTranscriptions(count: Int)
    /// Phrases whose input stream does not give their transcription: stored without KSPC
    /// and the keystroke measures.
    case inputStreamsDiffer(count: Int, firstLine: Int)
    /// A logged column named like a measure ThumbLab computes differs from it by more than
    /// 1% on more than half the phrases; `medianRatio` is the median of logged / computed.
    case loggedPhraseMeasureDiffers(column: String, measure: String, differing: Int, compared: Int, medianRatio: Double)
    /// Key taps whose key has no centre, from the log or from the keyboard layout: stored,
    /// but left out of the key offsets. `keys` are the keys concerned, in order of first tap.
    case keyTapsWithoutCentres(count: Int, keys: [String])

    /// The warning in words; a remedy names the import's options (`units`, `fieldUnits`,
    /// `device`).
    public var description: String {
        switch self {
        case .widthsMayNotBePixels(let doubt):
            let remedy =
                switch doubt.reference {
                case .device where doubt.positionsLookLikePixels:
                    "with fieldUnits target_w=mm (the positions look like px, which units mm would convert too)"
                case .device:
                    "with units mm (or fieldUnits target_w=mm)"
                case .positionSpan where doubt.positionsLookLikePixels:
                    "naming the device and the width's unit: device NAME and fieldUnits target_w=mm (the positions "
                        + "look like px, which units mm would convert too)"
                case .positionSpan:
                    "naming the device and the unit: device NAME and units mm (or fieldUnits target_w=mm)"
                }
            return "\(doubt.finding); if the widths are in mm (or pt, dp), \(doubt.redo) \(remedy)"
        case .lateOnset(let problem):
            return "\(problem); its trial is stored without a time"
        case .lateOnsetsInAll(let total, let shown):
            return "\(total) onsets later than their selection in all; the first \(shown) are listed"
        case .commentLinesAmongRows(let lines):
            let shown = lines.prefix(5).map(String.init).joined(separator: ", ") + (lines.count > 5 ? ", ..." : "")
            return "\(lines.count) comment \(lines.count == 1 ? "line" : "lines") among the rows (line\(lines.count == 1 ? "" : "s") "
                + "\(shown)), skipped"
        case .emptyTranscriptions(let count):
            return "\(RowKind.phrases.counted(count)) with an empty transcription, stored with a WPM of 0 and "
                + "an MSD error rate of 100%"
        case .inputStreamsDiffer(let count, let line):
            return "\(count) input \(count == 1 ? "stream does" : "streams do") not give \(count == 1 ? "its" : "their") "
                + "transcription (the first on line \(line)); \(count == 1 ? "its phrase is" : "their phrases are") "
                + "stored without KSPC and the keystroke measures"
        case .loggedPhraseMeasureDiffers(let column, let measure, let differing, let compared, let ratio):
            return "the log's \(column) differs from \(measure) as ThumbLab computes it by more than 1% on "
                + "\(differing) of \(compared) phrases (median ratio \(String(format: "%.3f", ratio))); a logger "
                + "that counts characters without spaces, or |T| instead of |T| - 1, is the usual cause; "
                + "the log's values stay as log:\(column)"
        case .keyTapsWithoutCentres(let count, let keys):
            return Self.tapsWithoutCentres(count: count, keys: keys)
                + "; give a keyboard layout (keyboard) that names \(keys.count == 1 ? "the key" : "the keys")"
        }
    }

    /// `12 key taps have no key centre (keys q, w, e): neither their events nor a keyboard
    /// layout gives one; they are stored without an offset`: the finding of
    /// ``keyTapsWithoutCentres(count:keys:)`` before its remedy.
    public static func tapsWithoutCentres(count: Int, keys: [String]) -> String {
        let shown = keys.prefix(8).joined(separator: ", ") + (keys.count > 8 ? ", ..." : "")
        return "\(count) key \(count == 1 ? "tap has" : "taps have") no key centre (key\(keys.count == 1 ? "" : "s") \(shown)): "
            + "neither \(count == 1 ? "its event" : "their events") nor a keyboard layout gives one; "
            + "\(count == 1 ? "it is" : "they are") stored without an offset"
    }
}

/// Why target widths read as px look like they are in another unit: their median is below
/// a fraction of the screen's shorter side, or of the span the file's positions cover.
public struct WidthUnitDoubt: Equatable, Sendable {
    /// What the median is compared with.
    public enum Reference: Equatable, Sendable {
        /// The shorter side of the import's device, in px.
        case device(name: String, shortSidePx: Double)
        /// The widest span of the file's target or touch positions along one axis, in px,
        /// and the fields that give it (`target_x, touch_x`).
        case positionSpan(extentPx: Double, fields: String)
    }

    /// The width column's header, as written in the file.
    public var header: String
    /// The median of the widths sampled.
    public var median: Double
    /// How many first rows were sampled, when the sample stopped before the end of the file.
    public var sampledRows: Int?
    /// What the median is compared with.
    public var reference: Reference
    /// The median is suspect below the reference divided by this.
    public var divisor: Double
    /// Whether the import was a dry run, which wrote nothing to undo.
    public var dryRun: Bool
    /// Whether the file's positions span a screen in px (more than a quarter of the
    /// device's shorter side, or without a device more than 150), so that converting every
    /// length would turn them wrong too: then only the width column is to be converted.
    public var positionsLookLikePixels = false

    /// Creates the facts of a doubt.
    public init(header: String, median: Double, sampledRows: Int?, reference: Reference, divisor: Double, dryRun: Bool)
    {
        self.header = header
        self.median = median
        self.sampledRows = sampledRows
        self.reference = reference
        self.divisor = divisor
        self.dryRun = dryRun
    }

    /// The width below which the median is suspect, in px.
    public var threshold: Double {
        switch reference {
        case .device(_, let side): side / divisor
        case .positionSpan(let extent, _): extent / divisor
        }
    }

    /// The finding, up to the remedy: `target_w: the median target width is 9.6, read as px
    /// since no unit was given, below 1/40 of the shorter side of device phone (1080 px / 40 = 27 px)`.
    public var finding: String {
        let name = header == ImportField.targetWidth.rawValue ? header : "target_w ('\(header)')"
        let rows = sampledRows.map { " of the first \($0) rows" } ?? ""
        let opening =
            "\(name): the median target width\(rows) is \(Self.format(median)), read as px since no unit was given"
        switch reference {
        case .device(let device, let side):
            return "\(opening), below 1/\(Self.format(divisor)) of the shorter side of device \(device) "
                + "(\(Self.format(side)) px / \(Self.format(divisor)) = \(Self.format(threshold)) px)"
        case .positionSpan(let extent, let fields):
            return "\(opening), below 1/\(Self.format(divisor)) of the \(Self.format(extent)) px that \(fields) span "
                + "in this file (\(Self.format(extent)) / \(Self.format(divisor)) = \(Self.format(threshold)) px)"
        }
    }

    /// What to do once the unit is known: import again, after undoing the import unless it
    /// was a dry run.
    public var redo: String { dryRun ? "import" : "undo this import and import again" }

    /// A figure rounded to two decimals, without a trailing `.0`.
    private static func format(_ value: Double) -> String {
        NumberText.shortest((value * 100).rounded() / 100)
    }
}
