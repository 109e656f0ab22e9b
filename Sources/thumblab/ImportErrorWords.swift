import ThumbLab

extension ImportSetupProblem {
    /// The problem as `thumblab import` words it, naming the flag or command that fixes it.
    var commandLineWords: String {
        if let sentence = sentenceWithoutOptions { return sentence }
        switch self {
        case .studyWithoutName:
            return "a study needs a name; give one with --study NAME"
        case .unknownDevice(let name):
            return "unknown device \(name); add it with `thumblab device add \(name) --width PX --height PX "
                + "--px-per-mm X` (or --ppi X), then import again"
        case .unknownField(let key, let column, let kind, let fields):
            return "--map \(key)=\(column): '\(key)' is not a field of \(kind); the fields are "
                + fields.joined(separator: ", ")
        case .missingColumn(let key, let column, let columns):
            return "--map \(key)=\(column): the file has no column '\(column)'; its columns are "
                + columns.joined(separator: ", ")
        case .unknownUnit(let key, let column, let unit, let units):
            return "--map \(key)=\(column): the file has no column '\(column)', and '\(unit)' after its colon is not "
                + "a unit (\(units.joined(separator: ", "))); give the column's unit as one of these, "
                + "or convert the column first"
        case .unitOfNonLength(let key, let unit, let kind, let lengths):
            return "--map \(key)=...:\(unit): '\(key)' is not a length of \(kind), so it has no unit; "
                + "the lengths are \(lengths.joined(separator: ", "))"
        case .unitWithoutDevice(let unit, let perField):
            return "\(Self.unitFlag(unit, perField: perField)) converts lengths to px through the device the data "
                + "was logged on; name it with --device NAME (`thumblab device add NAME --width PX --height PX "
                + "--ppi X --scale X` adds one)"
        case .deviceFiguresUnavailable(let unit, let perField, let device):
            return "\(Self.unitFlag(unit, perField: perField)) converts lengths to px through device \(device), "
                + "whose figures are in the study database; import into a database that holds the device"
        case .deviceLacksFigure(let field, let unit, let figure, let device, let width, let height, let pxPerMM):
            let figures =
                "--width \(NumberText.shortest(width)) --height \(NumberText.shortest(height)) "
                + "--px-per-mm \(NumberText.shortest(pxPerMM))"
            return "\(field) in \(unit) converts to px through \(figure), and device \(device) has none; "
                + "give it one with `thumblab device add \(device) \(figures) --scale X` (2 on a 2x screen)"
        default:
            return description
        }
    }

    /// `--units mm`, or `--map FIELD=COLUMN:mm` for a unit given to single fields.
    private static func unitFlag(_ unit: String, perField: Bool) -> String {
        perField ? "--map FIELD=COLUMN:\(unit)" : "--units \(unit)"
    }
}

extension InputProblem {
    /// `FILE:LINE:COLUMN: message`, then the remedy with the flags of `thumblab import`.
    var commandLineWords: String {
        "\(file):\(line):\(column): \(message)\(remedy.map { "; \($0.commandLineWords)" } ?? "")"
    }
}

extension InputProblem.Remedy {
    /// The remedy as `thumblab import` words it, naming its flags.
    var commandLineWords: String {
        switch self {
        case .chooseColumn(let field):
            "choose one with --map \(field)=COLUMN and ignore the other"
        case .giveKindAndColumns:
            "name the kind with --kind and the columns with --map"
        case .giveKind:
            "name the kind with --kind"
        case .mapPhaseOrGiveKind:
            "for a touch log name the phase column with --map phase=COLUMN, or name the kind with --kind"
        case .ignoreEpochColumn(let column, let suggestTouches):
            "leave the column out with --ignore \(column) and give the duration with --map time_ms=COLUMN"
                + (suggestTouches ? " or, for a touch log, name the kind with --kind touches" : "")
        case .mapMissingField(let field, let byConstant, let detectedKind):
            "rename the column or add --map \(field)=COLUMN"
                + (byConstant ? ", or give every row one with --set \(field)=P01 (or --name-pattern)" : "")
                + (detectedKind.map { " (the rows were taken for \($0); if they are not, name the kind with --kind)" }
                    ?? "")
        case .fillInOrSkip: "fill it in or use --skip-invalid"
        case .fillOneInOrSkip: "fill one in or use --skip-invalid"
        case .correctOrSkip: "correct the value or use --skip-invalid"
        case .correctSizeOrSkip:
            "a target has a positive size, so correct the value, leave the field empty if the size is unknown, "
                + "or use --skip-invalid"
        case .mapAsErrors(let column): "if the column counts errors, map it with --map errors=\(column)"
        case .nameCode(let factor, let code):
            "name it with the others: --levels \(factor)=\(code):NAME,..."
        case .nameColumns(let count):
            "name its \(count) columns with --columns NAME,NAME,..., or add a header line"
        case .sayWhichAreHits(let column):
            "say which values are hits with --hit-when \(column)=VALUE[,VALUE...]"
        case .nameOrLeaveOut(let column):
            "name the column in the header to import it, or leave it out with --ignore @\(column)"
        case .keepAsFactor(let column): "correct the value, or keep the column a factor with --factor \(column)"
        case .giveRatingScale: "give the scale with --scale 0-100, 0-20 or 1-21"
        case .giveAnswerWords: "give the ordered answers with --likert 'w1,w2,...'"
        case .nameItemsOrGiveLongForm:
            "name the item columns as the instrument does, or for a sheet in long form use --kind and --map"
        case .giveTimeUnit(let column):
            "say its unit with --map time=\(column):s or --map time=\(column):ms"
        }
    }
}

extension ImportWarning {
    /// The warning as `thumblab import` words it, naming its flags.
    var commandLineWords: String {
        switch self {
        case .widthsMayNotBePixels(let doubt):
            let remedy =
                switch doubt.reference {
                case .device where doubt.positionsLookLikePixels:
                    "with --map target_w=\(doubt.header):mm (the positions look like px, which --units mm would "
                        + "convert too)"
                case .device:
                    "with --units mm (or --map target_w=\(doubt.header):mm)"
                case .positionSpan where doubt.positionsLookLikePixels:
                    "naming the device and the width's unit: --device NAME --map target_w=\(doubt.header):mm "
                        + "(the positions look like px, which --units mm would convert too)"
                case .positionSpan:
                    "naming the device and the unit: --device NAME --units mm "
                        + "(or --device NAME --map target_w=\(doubt.header):mm)"
                }
            return "\(doubt.finding); if the widths are in mm (or pt, dp), \(doubt.redo) \(remedy)"
        case .lateOnset(let problem):
            return "\(problem.commandLineWords); its trial is stored without a time"
        case .keyTapsWithoutCentres(let count, let keys):
            return ImportWarning.tapsWithoutCentres(count: count, keys: keys)
                + "; give a keyboard layout that names \(keys.count == 1 ? "the key" : "the keys") with --keyboard FILE "
                + "(key,x,y per key)"
        case .lateOnsetsInAll, .emptyTranscriptions, .commentLinesAmongRows, .inputStreamsDiffer,
            .loggedPhraseMeasureDiffers:
            return description
        }
    }
}
