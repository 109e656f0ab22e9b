/// What a comparison measures per trial.
public enum Measure: Sendable, Equatable, CustomStringConvertible {
    /// Task or movement time in ms (log-normal: aggregated as a geometric mean by default).
    case time
    /// Whether the trial missed, as a proportion of trials.
    case error
    /// A numeric trial column.
    case column(TrialColumn)
    /// The score of a questionnaire instrument (`score:sus`).
    case score(String)
    /// Fitts' law throughput in bits/s: per participant and cell, the mean of the
    /// participant's sequence throughputs (``Study/fitts(_:selection:)``).
    case throughput
    /// A number a trial log kept per trial, by its column's name (`log:angle`): a numeric
    /// column with many values, or one imported with `--numeric` (the `trial_value` table).
    case logged(String)
    /// The answers to one questionnaire item, by its name (`item:ease`): one value per
    /// participant and cell (their mean where they answered it more than once); ordinal.
    case item(String)
    /// A text-entry measure of each phrase (`wpm`, `msd-error`, ...; the `phrase` table).
    case phrase(PhraseColumn)

    /// Reads `time`, `error`, `throughput` (or `tp`), a trial column name, `score:INSTRUMENT`,
    /// `item:NAME` or `log:NAME`.
    /// - Throws: ``ThumbLabError/parameter(_:)`` listing the measures there are.
    public init(parsing text: String) throws {
        let lowered = text.lowercased()
        if lowered == "time" || lowered == "time_ms" {
            self = .time
        } else if lowered == "error" || lowered == "errors_rate" || lowered == "miss" {
            self = .error
        } else if lowered == "throughput" || lowered == "tp" {
            self = .throughput
        } else if lowered.hasPrefix("score:"), lowered.count > 6 {
            self = .score(String(text.dropFirst(6)))
        } else if lowered.hasPrefix("log:"), lowered.count > 4 {
            self = .logged(String(text.dropFirst(4)))
        } else if lowered.hasPrefix("item:"), lowered.count > 5 {
            self = .item(String(text.dropFirst(5)))
        } else if let column = TrialColumn(rawValue: lowered) {
            self = .column(column)
        } else if let column = PhraseColumn.allCases.first(where: {
            $0.measureName == lowered || $0.rawValue == lowered
        }) {
            self = .phrase(column)
        } else {
            throw ThumbLabError.parameter(
                .unknownMeasure(text: text, columns: TrialColumn.allCases.map(\.rawValue)))
        }
    }

    public var description: String {
        switch self {
        case .time: "time"
        case .error: "error"
        case .column(let column): column.rawValue
        case .score(let instrument): "score:\(instrument)"
        case .throughput: "throughput"
        case .logged(let name): "log:\(name)"
        case .item(let name): "item:\(name)"
        case .phrase(let column): column.measureName
        }
    }

    /// The `trial_value` column a `log:` measure reads; `nil` for the others.
    public var loggedName: String? {
        if case .logged(let name) = self { return name }
        return nil
    }

    /// The aggregate a comparison uses when none is given: geometric mean for time,
    /// proportion for errors, mean otherwise.
    public var defaultAggregate: Aggregate {
        switch self {
        case .time: .geomean
        case .error: .proportion
        case .column, .score, .throughput, .logged, .item, .phrase: .mean
        }
    }

    /// The value of a trial, or `nil` when the trial does not record it.
    /// The value of a trial the cleaning steps judge when an analysis compares this
    /// measure: the measure itself for a trial column or a logged number, time otherwise.
    var cleanedValue: CleanedValue {
        switch self {
        case .column(let column): column.cleanedValue
        case .logged, .phrase: .logged
        case .time, .error, .score, .throughput, .item: .time
        }
    }

    func value(of trial: StoredTrial) -> Double? {
        switch self {
        case .time: trial.timeMS
        case .error: trial.hit.map { $0 ? 0 : 1 }
        case .column(let column): column.value(of: trial)
        case .score, .throughput, .item: nil
        case .logged, .phrase: trial.loggedValue
        }
    }
}

/// The numeric trial columns a comparison can measure.
public enum TrialColumn: String, CaseIterable, Sendable {
    /// The trial's error count.
    case errors
    /// The target's width, in px.
    case targetWidth = "target_width"
    /// The target's height, in px.
    case targetHeight = "target_height"
    /// The x of the target's centre, in px.
    case targetX = "target_x"
    /// The y of the target's centre, in px.
    case targetY = "target_y"
    /// The x of the selection (touch) point, in px.
    case touchX = "touch_x"
    /// The y of the selection (touch) point, in px.
    case touchY = "touch_y"
    /// Touch minus target centre, px.
    case offsetX = "offset_x"
    /// Touch minus target centre along y, px (positive: below the centre).
    case offsetY = "offset_y"

    /// The same value, as a time filter removes it.
    var cleanedValue: CleanedValue {
        switch self {
        case .errors: .errors
        case .targetWidth: .targetWidth
        case .targetHeight: .targetHeight
        case .targetX: .targetX
        case .targetY: .targetY
        case .touchX: .touchX
        case .touchY: .touchY
        case .offsetX: .offsetX
        case .offsetY: .offsetY
        }
    }

    func value(of trial: StoredTrial) -> Double? {
        switch self {
        case .errors: trial.errors.map(Double.init)
        case .targetWidth: trial.targetWidth
        case .targetHeight: trial.targetHeight
        case .targetX: trial.targetX
        case .targetY: trial.targetY
        case .touchX: trial.touchX
        case .touchY: trial.touchY
        case .offsetX: trial.offsetX
        case .offsetY: trial.offsetY
        }
    }
}

/// How a participant's trials in one cell become one value (DESIGN.md, "Aggregation
/// before testing").
public enum Aggregate: String, CaseIterable, Sendable {
    /// The mean of ln value; tests run on that log scale, descriptives are back-transformed.
    case geomean
    /// The arithmetic mean of the values.
    case mean
    /// The median of the values.
    case median
    /// The proportion of trials that missed (for `error`).
    case proportion
    /// No aggregation (`none`): the mixed models (``ComparisonTest/lmm``,
    /// ``ComparisonTest/glmm``) take every trial; the cell descriptives keep the measure's
    /// default aggregate. Not named `none`, which `Aggregate?` would read as `nil`.
    case trialLevel = "none"
}
