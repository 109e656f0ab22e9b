extension InputProblem {
    /// How a problem of the input is fixed by changing the import's options, or else the
    /// file. The library words it with the options' names (``description``); a program
    /// that takes the options elsewhere, such as a command line, words it in its own terms.
    public enum Remedy: Equatable, Sendable, CustomStringConvertible {
        /// Several columns match `field`: map one of them to it and ignore the others.
        case chooseColumn(field: String)
        /// The columns show no kind of rows: give the kind and map the columns.
        case giveKindAndColumns
        /// The columns fit several kinds of rows: give the kind.
        case giveKind
        /// A time column holds epoch milliseconds and no kind could be told: map a touch
        /// log's phase column, or give the kind.
        case mapPhaseOrGiveKind
        /// `column`, taken for a trial's duration, holds epoch milliseconds: ignore it and map
        /// the duration; `suggestTouches` adds giving the kind `touches` (the kind was detected).
        case ignoreEpochColumn(column: String, suggestTouches: Bool)
        /// No column gives `field`: rename one or map it. `byConstant`: a constant or the
        /// file name pattern may give it too (the participant); `detectedKind`: the kind
        /// the rows were taken for, when it was detected rather than given.
        case mapMissingField(field: String, byConstant: Bool, detectedKind: String?)
        /// A required value is empty: fill it in, or skip the invalid rows.
        case fillInOrSkip
        /// Every measure of the row is empty: fill one in, or skip the invalid rows.
        case fillOneInOrSkip
        /// A value is out of range: correct it, or skip the invalid rows.
        case correctOrSkip
        /// A target size is not positive: correct it, leave it empty when unknown, or skip
        /// the invalid rows.
        case correctSizeOrSkip
        /// A miss column holds counts: `column` may be the error count.
        case mapAsErrors(column: String)
        /// A column without a name holds values: name it in the header, or leave it out by
        /// its 1-based position.
        case nameOrLeaveOut(column: Int)
        /// A file has no header: name its `count` columns.
        case nameColumns(count: Int)
        /// A hit column holds words that are no outcome: say which values are hits.
        case sayWhichAreHits(column: String)
        /// A coded factor holds a code without a name: name it with the others.
        case nameCode(factor: String, code: String)
        /// A column kept as numbers holds a word: keep it as a factor instead.
        case keepAsFactor(column: String)
        /// NASA-TLX ratings whose scale the values do not show: give the scale.
        case giveRatingScale
        /// An answer word outside the set chosen: give the ordered set of answer words.
        case giveAnswerWords
        /// The instrument given finds no item columns: name them as the instrument does, or
        /// give the kind and columns of a sheet in long form.
        case nameItemsOrGiveLongForm
        /// A phrase log's time column does not say its unit: say it.
        case giveTimeUnit(column: String)

        /// The remedy in words, naming the import's options (`map`, `kind`, `ignore`,
        /// `constants`, `namePattern`, `skipInvalid`).
        public var description: String {
            switch self {
            case .chooseColumn(let field):
                "choose one with map \(field)=COLUMN and ignore the other"
            case .giveKindAndColumns:
                "give the kind of rows and map the columns"
            case .giveKind:
                "give the kind of rows"
            case .mapPhaseOrGiveKind:
                "for a touch log map the phase column (map phase=COLUMN), or give the kind of rows"
            case .ignoreEpochColumn(let column, let suggestTouches):
                "ignore \(column) and map the duration (map time_ms=COLUMN)"
                    + (suggestTouches ? " or, for a touch log, give the kind touches" : "")
            case .mapMissingField(let field, let byConstant, let detectedKind):
                "rename the column or map \(field)=COLUMN"
                    + (byConstant ? ", or give every row one with a constant (or a name pattern)" : "")
                    + (detectedKind.map { " (the rows were taken for \($0); if they are not, give the kind)" } ?? "")
            case .fillInOrSkip: "fill it in or skip invalid rows"
            case .fillOneInOrSkip: "fill one in or skip invalid rows"
            case .correctOrSkip: "correct the value or skip invalid rows"
            case .giveTimeUnit(let column): "say the unit with map time_s=\(column) or map time_ms=\(column)"
            case .correctSizeOrSkip:
                "a target has a positive size, so correct the value, leave the field empty if the size is unknown, "
                    + "or skip invalid rows"
            case .mapAsErrors(let column): "if the column counts errors, map errors=\(column)"
            case .nameCode(let factor, let code):
                "name it with the factor's other codes (levels \(factor)=\(code):NAME,...)"
            case .nameColumns(let count):
                "name its \(count) columns in the import's column names, or add a header line"
            case .sayWhichAreHits(let column):
                "say which values of \(column) are hits with a hit coding"
            case .nameOrLeaveOut(let column):
                "name the column in the header to import it, or ignore @\(column) to leave it out"
            case .keepAsFactor(let column):
                "correct the value, or keep \(column) as a factor (factorColumns)"
            case .giveRatingScale: "give the scale of the ratings (tlxScale 0-100, 0-20 or 1-21)"
            case .giveAnswerWords: "give the ordered answer words (likertWords)"
            case .nameItemsOrGiveLongForm:
                "name the item columns as the instrument does, or for a sheet in long form give the kind and map the columns"
            }
        }
    }

    /// A problem at `file:line:column` with a remedy in the import's options.
    public init(file: String, line: Int, column: Int, message: String, remedy: Remedy?) {
        self.init(file: file, line: line, column: column, message: message)
        self.remedy = remedy
    }
}
