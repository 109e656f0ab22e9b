/// Data that lack what an analysis needs: questionnaire answers, start points, target
/// sizes, touches that spread, hits, or cells with enough trials.
public enum AnalysisProblem: Equatable, Sendable, CustomStringConvertible {
    /// The study holds no questionnaire answers.
    case noQuestionnaireAnswers
    /// The answers hold no instrument `name`; `known` lists the instruments they hold.
    case unknownInstrument(name: String, known: [String])
    /// The scores of `instrument` have no part `name` (`physical` of the NASA-TLX);
    /// `known` lists the parts they have.
    case unknownSubscale(instrument: String, name: String, known: [String])
    /// The answers to `instrument` record no level of `factor`; `recorded` lists the factors
    /// they record.
    case instrumentLacksFactor(instrument: String, factor: String, recorded: [String])
    /// None of the `selected` trials (`nil` where not counted) of `study` has a start point.
    case noStartPoint(selected: Int?, study: String)
    /// None of the `selected` trials has both a start point and a target centre apart from it.
    case noMovementDirection(selected: Int)
    /// The levels `levels` of the size factor `factor` are not numbers.
    case nonNumericSizeLevels(factor: String, levels: [String])
    /// `study` has no size factor and the selected trials' imports name no device.
    case noTargetSizeSource(study: String)
    /// Scott's rule cannot choose a bandwidth for the touches of `cell` (`nil`: the whole
    /// selection): its `touches` touches do not spread on both axes.
    case bandwidthNotChosen(cell: String?, touches: Int)
    /// Analysing hits only needs each trial's hit, and none of the `timed` timed trials has one.
    case hitsUnknown(timed: Int)
    /// No cell has at least `minimumTrials` trials with times and hits.
    case noReachZone(minimumTrials: Int)
    /// The selection holds `levels` of `factor`, fewer than the two an order needs.
    case tooFewLevelsForOrder(factor: String, levels: [String])
    /// No participant's order of `factor`'s levels is known: no saved plan lists them and
    /// their data show none; `example` is one participant's tie, such as `P01: Direct and
    /// Shift both first appear at block 1, trial 1`.
    case noOrderShown(factor: String, example: String)
    /// A pilot for power needs two or more levels of `factor` and two or more participants
    /// measured at every one; the selection holds `levels` and the complete participants
    /// `participants`.
    case pilotTooSmall(factor: String, levels: [String], participants: [String])

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .noQuestionnaireAnswers:
            return "there are no questionnaire answers to score; import a file with participant, instrument, "
                + "item and value columns"
        case .unknownInstrument(let name, let known):
            return "the responses have no instrument '\(name)'; they have " + known.joined(separator: ", ")
        case .unknownSubscale(let instrument, let name, let known):
            return "the \(instrument) scores have no part '\(name)'; they have "
                + (known.isEmpty ? "none" : known.joined(separator: ", "))
        case .instrumentLacksFactor(let instrument, let factor, let recorded):
            return "the \(instrument) responses record no level of factor '\(factor)'; "
                + (recorded.isEmpty ? "they record no factor" : "they record \(recorded.joined(separator: ", "))")
        case .noStartPoint(let selected, let study):
            return "direction needs the start point of each movement, the start_x and start_y columns of the trial "
                + "log; none of the \(selected.map { "\($0) " } ?? "")selected trials of study '\(study)' has one"
        case .noMovementDirection(let selected):
            return "none of the \(selected) selected trials has both a start point and a target centre apart from it; "
                + "direction needs target_x, target_y, start_x and start_y"
        case .nonNumericSizeLevels(let factor, let levels):
            return
                "factor '\(factor)' cannot give sizes in mm: its levels \(levels.joined(separator: ", ")) "
                + "are not numbers"
        case .noTargetSizeSource:
            return noTargetSizeSourceText + ": import them with a registered device, or name the size factor"
        case .bandwidthNotChosen:
            return bandwidthText + "; give a bandwidth"
        case .hitsUnknown(let timed):
            return "hits only needs each trial's hit (a hit column, or an error count), and none of the \(timed) timed "
                + "trials of the selection records one; analyse every trial's time instead"
        case .noReachZone(let minimumTrials):
            return noReachZoneText(minimumTrials) + "; lower the minimum count or use larger cells"
        case .tooFewLevelsForOrder(let factor, let levels):
            return "an order needs at least two levels of \(factor); the selection holds "
                + (levels.isEmpty ? "none" : levels.joined(separator: ", "))
        case .pilotTooSmall(let factor, let levels, let participants):
            let held =
                levels.count < 2
                ? "the selection holds " + (levels.isEmpty ? "no level" : "only \(levels[0])")
                : participants.isEmpty
                    ? "no participant of the selection has data at every level"
                    : "only \(participants.joined(separator: ", ")) of the selection "
                        + (participants.count == 1 ? "has" : "have") + " data at every level"
            return "power from a pilot needs at least two levels of \(factor) and at least two participants measured "
                + "at every level; \(held); select a pilot with more participants or levels"
        case .noOrderShown:
            return noOrderShownText + "; save the counterbalancing plan the study followed, or number blocks or "
                + "trials in the order they ran"
        }
    }

    /// For ``noTargetSizeSource(study:)``, the facts without the remedy.
    package var noTargetSizeSourceText: String {
        guard case .noTargetSizeSource(let study) = self else { return "" }
        return "target sizes in mm come from a size factor or from the targets' width and height through the "
            + "device's density; study '\(study)' has no factor with 'size' in its name and numeric levels, and the "
            + "selected trials' imports name no device"
    }

    /// For ``bandwidthNotChosen(cell:touches:)``, the facts without the remedy.
    package var bandwidthText: String {
        guard case .bandwidthNotChosen(let cell, let touches) = self else { return "" }
        let name = cell.map { "cell \($0)" } ?? "the selection"
        return "Scott's rule cannot choose a bandwidth for \(name): its \(touches) touches do not spread on both axes"
    }

    /// For ``noOrderShown(factor:example:)``, the facts without the remedy.
    package var noOrderShownText: String {
        guard case .noOrderShown(let factor, let example) = self else { return "" }
        return "the data show no order of \(factor): no saved counterbalancing plan lists the participants, and "
            + "their levels do not first appear at different blocks or trials (\(example))"
    }

    /// For ``noReachZone(minimumTrials:)``, the facts without the remedy.
    package func noReachZoneText(_ minimumTrials: Int) -> String {
        "no reach zone: no cell has at least \(minimumTrials) trials with times and hits"
    }
}
