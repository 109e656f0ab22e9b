extension ImportSetupProblem: CustomStringConvertible {
    /// The problem in one sentence, naming the import's options (`study`, `device`, `map`,
    /// `units`, `fieldUnits`, `constants`, `namePattern`, `trialTime`) that change it.
    public var description: String {
        switch self {
        case .noDatabase, .alreadyImported, .onsetColumnMissing, .constantGivenTwice, .constantNotWholeNumber,
            .constantOfVaryingField, .constantHasColumn, .invalidNamePattern, .columnPositionBeyondHeader,
            .columnNamesForJSON, .codedFactorMissing, .invalidDerivation, .feedbackOutsidePreviousModel,
            .columnToKeepMissing:
            return sentenceWithoutOptions ?? ""
        case .studyWithoutName:
            return "a study needs a name; give one as the import's study"
        case .unknownDevice(let name):
            return "unknown device \(name); add it to the study database, then import again"
        case .unknownField(let key, let column, let kind, let fields):
            return "map \(key)=\(column): '\(key)' is not a field of \(kind); the fields are "
                + fields.joined(separator: ", ")
        case .missingColumn(let key, let column, let columns):
            return "map \(key)=\(column): the file has no column '\(column)'; its columns are "
                + columns.joined(separator: ", ")
        case .unknownUnit(let key, let column, let unit, let units):
            return "map \(key)=\(column): the file has no column '\(column)', and '\(unit)' after its colon is not "
                + "a unit (\(units.joined(separator: ", "))); give the column's unit as one of these, "
                + "or convert the column first"
        case .unitOfNonLength(let key, let unit, let kind, let lengths):
            return "fieldUnits \(key)=\(unit): '\(key)' is not a length of \(kind), so it has no unit; "
                + "the lengths are \(lengths.joined(separator: ", "))"
        case .unitWithoutDevice(let unit, let perField):
            return "\(Self.unitOption(unit, perField: perField)) converts lengths to px through the device the data "
                + "was logged on; name it as the import's device"
        case .deviceFiguresUnavailable(let unit, let perField, let device):
            return "\(Self.unitOption(unit, perField: perField)) converts lengths to px through device \(device), "
                + "whose figures are in the study database; import into a database that holds the device"
        case .deviceLacksFigure(let field, let unit, let figure, let device, _, _, _):
            return "\(field) in \(unit) converts to px through \(figure), and device \(device) has none; "
                + "give it one (2 on a 2x screen)"
        }
    }

    /// `units mm` or `fieldUnits mm`: the option that gave lengths a unit.
    private static func unitOption(_ unit: String, perField: Bool) -> String {
        perField ? "fieldUnits \(unit)" : "units \(unit)"
    }

    /// The sentence of a problem whose remedy names no option, the same in every wording;
    /// nil for the others.
    public var sentenceWithoutOptions: String? {
        switch self {
        case .columnToKeepMissing(let column, let asFactor, let columns):
            return "\(column) was named to be kept as \(asFactor ? "a factor" : "numbers"), and the file has no such "
                + "column beyond its fields; the columns it has are "
                + (columns.isEmpty ? "none" : columns.joined(separator: ", "))
        case .onsetColumnMissing(let names):
            return "timing trials from the stimulus onset needs an onset column, and the touch log has none "
                + "(a column named \(names.joined(separator: ", ")), any case, with or without _ - or spaces); "
                + "map one with onset=COLUMN, or time the trials from the previous selection or from contact"
        case .constantGivenTwice(let key, let constant, let earlier):
            return "\(constant.origin) and \(earlier.origin) both set \(key); give it once"
        case .constantNotWholeNumber(let constant, let field):
            return "\(constant.origin): \(field) is a whole number, found '\(constant.value)'"
        case .constantOfVaryingField(let constant, let field, let settable):
            return "\(constant.origin): '\(constant.name)' names the field \(field), which varies from row to row; "
                + "a constant can set \(settable.joined(separator: ", ")) or a factor (any other name)"
        case .constantHasColumn(let constant, let field, let column, let index):
            let what = field.map { "the field \($0)" } ?? "the factor \(constant.name)"
            return "\(constant.origin) sets \(what), which the file has as column '\(column)' (column \(index)); "
                + "leave out the constant, or ignore the column"
        case .invalidNamePattern(let pattern, let flaw):
            return "name pattern '\(pattern)': \(flaw.description); write literal text and {name} placeholders, "
                + "such as {participant}_{technique}.csv"
        case .columnPositionBeyondHeader(let position, let columns):
            return "column @\(position) cannot be left out: the header has \(columns) columns; "
                + "count the columns from 1 at the left"
        case .codedFactorMissing(let factor, let factors):
            return "level names were given for \(factor), which is not a factor of the file; its factors are "
                + (factors.isEmpty ? "none" : factors.joined(separator: ", "))
        case .invalidDerivation(let setting, let value):
            return "the \(setting) of trials derived from touch events cannot be \(NumberText.shortest(value)); "
                + (setting == "hit scale" ? "give a number above 0 (1 is the target as drawn)" : "give 0 ms or more")
        case .feedbackOutsidePreviousModel(let model):
            return "a feedback interval is taken off times from a previous selection, and these trials are timed "
                + "\(model == "onset" ? "from the stimulus onset" : "from touch contact"); time them from the previous "
                + "selection (or the previous hit), or leave the interval out"
        case .columnNamesForJSON:
            return "column names are given to delimited files without a header; a JSON file's keys name its "
                + "columns (map a key to a field instead)"
        case .noDatabase(let file):
            return "importing \(file) needs a study database; open one, or validate only with a dry run"
        case .alreadyImported(let source, let study, let batch, let earlierSource):
            return "\(source) was already imported into study \(study) as batch \(batch) (\(earlierSource)); "
                + "undo that batch to import it again"
        default:
            return nil
        }
    }
}
