/// A parameter of an analysis with a value it cannot take: a grid, a tolerance, a rate, a
/// bandwidth, an outlier rule or a measure.
public enum ParameterProblem: Equatable, Sendable, CustomStringConvertible {
    /// `text` is not a grid of `COLSxROWS` cells, 1 to 10000 of each.
    case malformedGrid(text: String)
    /// The screen area to grid is empty or not finite.
    case emptyGridArea
    /// A grid of no column or no row.
    case emptyGrid
    /// Cells sized in mm need the device's density, and the trials have no known device.
    case millimetreCellsNeedDensity
    /// The cell side `side` (mm) is not a positive number.
    case invalidCellSide(side: Double)
    /// Cells of `side` mm make a grid of `columns` x `rows`, more than 10000 of either.
    case tooManyCells(side: Double, columns: Int, rows: Int)
    /// The target error rate `value` is not between 0 and 1.
    case invalidTargetErrorRate(value: Double)
    /// The kernel bandwidth `value` is not a positive number.
    case invalidBandwidth(value: Double)
    /// The reach zone's time tolerance `value` is not a number of at least 0.
    case invalidTimeTolerance(value: Double)
    /// `text` is not an outlier rule, for the reason `flaw`.
    case malformedOutlierRule(text: String, flaw: OutlierRuleFlaw)
    /// `text` names no measure; `columns` lists the trial columns a measure may name.
    case unknownMeasure(text: String, columns: [String])
    /// A `log:NAME` measure names no number the study's logs kept per trial; `known` are those kept.
    case unknownLoggedValue(name: String, known: [String])
    /// A text-entry measure was asked of a study whose phrases (`phrases` of them) give it
    /// nowhere: none, or none with an input stream for the keystroke measures.
    case phraseMeasureUnavailable(measure: String, phrases: Int)
    /// Key offsets were asked of a selection whose phrases (`phrases` of them) log no key tap
    /// with its key's centre.
    case noKeyTapsWithCentres(phrases: Int)
    /// The cleaning steps were asked to judge `measure`, which they do not clean per trial.
    case measureNotCleaned(measure: String)
    /// No participant of the study has the attribute `name`; `known` are the attributes there are.
    case unknownAttribute(name: String, known: [String])
    /// A summary was asked for `measure`, which it gives already (time, error) or cannot give per trial.
    case summaryMeasure(measure: String)
    /// An `item:NAME` measure names no item the selected answers have; `known` are those they have.
    case unknownItem(name: String, known: [String])
    /// The attribute `name` cannot become a factor: the study has a factor of that name.
    case attributeIsAFactor(name: String)
    /// A difference map was asked of `measure`; it compares time or error only.
    case differenceMeasure(measure: String)
    /// A difference map was asked between `level` of `factor` and the same level again.
    case sameLevelTwice(factor: String, level: String)
    /// A factor to put in order, `factor`, has `levels` levels; ordering needs 2 or more.
    case tooFewLevelsToOrder(factor: String, levels: Int)
    /// `level` is named twice among the levels of `factor` to put in order.
    case levelNamedTwice(factor: String, level: String)
    /// Every order of `levels` levels of `factor` was asked for; the full scheme takes 2 to `limit`.
    case tooManyLevelsForFullOrders(factor: String, levels: Int, limit: Int)
    /// `factor` is both the factor put in order and the one ordered within its levels.
    case factorOrderedTwice(factor: String)
    /// A plan for `participants` participants was asked for; it needs at least 1.
    case tooFewParticipantsToOrder(participants: Int)
    /// Order effects were asked of `measure`; they are tested on time or error.
    case orderEffectsMeasure(measure: String)
    /// Power from a pilot was asked of `measure`; it is estimated for time or error.
    case pilotPowerMeasure(measure: String)
    /// A setting of a power estimate from a pilot is outside the values it accepts.
    case pilotPowerSetting(PilotPowerSetting, value: String)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .malformedGrid(let text):
            return "'\(text)' is not a grid COLSxROWS with 1 to 10000 of each, for example 4x7"
        case .emptyGridArea:
            return "the screen area to grid is empty"
        case .emptyGrid:
            return "a grid needs at least one column and row"
        case .millimetreCellsNeedDensity:
            return "cells in mm need the device's density; register the device or grid the screen in COLSxROWS cells"
        case .invalidCellSide:
            return "the cell side must be a positive number of mm"
        case .tooManyCells(let side, let columns, let rows):
            return "\(side) mm cells make a grid of \(columns)x\(rows); choose larger cells"
        case .invalidTargetErrorRate(let value):
            return "the target error rate must lie between 0 and 1, such as 0.05; got \(value)"
        case .invalidBandwidth(let value):
            return "the bandwidth must be a positive number; got \(value)"
        case .invalidTimeTolerance:
            return "the time tolerance must be a number of at least 0, such as 0.1 for 10%"
        case .malformedOutlierRule(let text, let flaw):
            return "'\(text)' is not an outlier rule: \(flaw); the forms are \(OutlierRuleFlaw.forms)"
        case .unknownMeasure(let text, let columns):
            return "unknown measure '\(text)'; use time, error, throughput, score:INSTRUMENT (e.g. score:sus), "
                + "item:NAME (one questionnaire item), log:NAME (a number a log kept per trial) or a trial column: "
                + columns.joined(separator: ", ")
        case .unknownAttribute(let name, let known):
            return "no participant of the study has an attribute '\(name)'; "
                + (known.isEmpty
                    ? "import a demographics file (one row per participant) first"
                    : "the attributes are \(known.joined(separator: ", "))")
        case .unknownItem(let name, let known):
            return "no selected answer is to an item '\(name)'; "
                + (known.isEmpty ? "the selection holds no questionnaire answers" : "the items are \(known.prefix(30).joined(separator: ", "))")
        case .summaryMeasure(let measure):
            return "a summary gives time and error always; a further measure is a trial column or log:NAME, not \(measure)"
        case .attributeIsAFactor(let name):
            return "the study already has a factor '\(name)'; analyses can name it as it is"
        case .unknownLoggedValue(let name, let known):
            return "no log of the study kept numbers named '\(name)' per trial; "
                + (known.isEmpty
                    ? "none did: a numeric column is kept when it has many values, or when imported as numeric"
                    : "use log: with one of \(known.joined(separator: ", "))")
        case .phraseMeasureUnavailable(let measure, let phrases):
            return phrases == 0
                ? "\(measure) is a text-entry measure, and the study holds no phrases; import a phrase log first"
                : "none of the study's \(phrases) phrases has an input stream that gives its transcription, which "
                    + "\(measure) needs (gesture typing logs none); wpm and msd-error need none"
        case .noKeyTapsWithCentres(let phrases):
            return "key offsets need the touch point and the key centre of each key press, and "
                + (phrases == 0 ? "the selection holds no phrases" : "none of the selection's \(phrases) phrases logs them")
                + ": input streams of JSON key events with x and y, and key_x and key_y or a keyboard layout at import"
        case .measureNotCleaned(let measure):
            return "the cleaning steps judge time, a trial column or log:NAME per trial, not \(measure)"
        case .differenceMeasure(let measure):
            return "a difference map compares time or error, not \(measure)"
        case .sameLevelTwice(let factor, let level):
            return "a difference map needs two different levels of \(factor), found \(level) twice"
        case .tooFewLevelsToOrder(let factor, let levels):
            return "\(factor) has \(levels) level\(levels == 1 ? "" : "s") to put in order; "
                + "counterbalancing needs 2 or more"
        case .levelNamedTwice(let factor, let level):
            return "level \(level) of \(factor) is named twice; name each level once"
        case .tooManyLevelsForFullOrders(let factor, let levels, let limit):
            return "every order of \(factor)'s \(levels) levels is too many to run; the full scheme takes 2 to "
                + "\(limit) levels: use the balanced scheme (a Williams square) instead"
        case .factorOrderedTwice(let factor):
            return "\(factor) cannot be ordered within its own levels; name two different factors"
        case .tooFewParticipantsToOrder(let participants):
            return "a plan needs at least 1 participant, got \(participants)"
        case .orderEffectsMeasure(let measure):
            return "order effects are tested on time or error, not \(measure)"
        case .pilotPowerMeasure(let measure):
            return "power from a pilot is estimated for time or error, not \(measure)"
        case .pilotPowerSetting(let setting, let value):
            return "\(setting.rawValue) must be \(setting.accepted), got \(value)"
        }
    }
}

/// Why a text is not an outlier rule.
public enum OutlierRuleFlaw: Equatable, Sendable, CustomStringConvertible {
    /// The text has no `:` between the rule's name and its value.
    case expectedNameAndValue
    /// The K of `sd`, `mad` or `iqr` is not a number.
    case factorNotANumber
    /// The K of `sd`, `mad` or `iqr` is not above 0.
    case factorNotPositive
    /// `name` is not a rule.
    case unknownRule(name: String)
    /// A `range` without the `-` between its bounds.
    case expectedLowHigh
    /// A bound of a `range`, `text`, is not a time in ms.
    case notATime(text: String)
    /// A `range` with neither bound.
    case noBound
    /// A `range` whose `low` bound is above its `high` one.
    case lowAboveHigh(low: Double, high: Double)

    /// The accepted forms of an outlier rule.
    public static let forms = "sd:K, mad:K, iqr:K (K > 0) or range:LOW-HIGH in ms (either bound may be left out)"

    /// The flaw in words.
    public var description: String {
        switch self {
        case .expectedNameAndValue: "expected NAME:VALUE"
        case .factorNotANumber: "K must be a number"
        case .factorNotPositive: "K must be above 0"
        case .unknownRule(let name): "unknown rule '\(name)'"
        case .expectedLowHigh: "expected LOW-HIGH"
        case .notATime(let text): "'\(text)' is not a time in ms"
        case .noBound: "give at least one bound"
        case .lowAboveHigh(let low, let high):
            "the low bound \(NumberText.shortest(low)) is above the high bound \(NumberText.shortest(high))"
        }
    }
}

/// The settings of a power estimate from a pilot (``PilotPowerRequest``) that a value can
/// put out of range.
public enum PilotPowerSetting: String, Equatable, Sendable {
    /// A sample size to estimate power for.
    case participants = "each sample size"
    /// The studies simulated per sample size.
    case simulations = "the number of simulations"
    /// The factor of the pilot's effects.
    case effectScale = "the effect scale"
    /// The significance level of each simulated test.
    case alpha = "the significance level"
    /// The power the sample size must reach.
    case target = "the target power"

    /// The values accepted, in words.
    public var accepted: String {
        switch self {
        case .participants: "a whole number of at least 2 participants"
        case .simulations: "a whole number from 0 (the analytic curve alone) to 1,000,000"
        case .effectScale: "a finite number of 0 or more"
        case .alpha, .target: "between 0 and 1, both excluded"
        }
    }
}
