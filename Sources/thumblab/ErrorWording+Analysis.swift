import ThumbLab

extension ErrorWording {
    /// The sentence for a ``DesignProblem``.
    static func sentence(_ problem: DesignProblem) -> String {
        switch problem {
        case .mixedFactor:
            problem.mixedFactorText + " Keep complete data with --where or --exclude, or compare another factor"
        case .noCompleteParticipant(let factors):
            "no participant has data in every cell of \(factors.joined(separator: " x ")); "
                + "choose levels with --levels or --where"
        }
    }

    /// The sentence for a ``ComparisonProblem``.
    static func sentence(_ problem: ComparisonProblem) -> String {
        switch problem {
        case .noFactor:
            return "compare needs a factor to compare over: --factor NAME"
        case .repeatedOverComparedFactor(let factor):
            return "--by \(factor) is also a compared --factor; repeat the comparison over another factor"
        case .tooFewLevels(let factor):
            return "--levels needs at least two distinct levels of \(factor)"
        case .mixedModelMismatch(let test):
            return "--test \(test) does not fit this measure: \(ComparisonProblem.mixedModelScope)"
        case .testMismatch(let test, _, _, _):
            return "--test \(test) needs \(problem.testMismatchText) (use --test auto to let ThumbLab choose)"
        case .tooManyTrials(let limit):
            return ComparisonProblem.trialLimitText(limit)
                + "; narrow the selection with --where, or use an aggregated test (--test auto on complete data)"
        case .aggregateNotApplicable(let aggregate, let measure):
            if measure.hasPrefix("score:") {
                return "--aggregate does not apply to scores: \(ComparisonProblem.scoreAggregation)"
            } else if measure == "throughput" {
                return "--aggregate does not apply to throughput: \(ComparisonProblem.throughputAggregation)"
            } else if measure == "error" {
                return "--aggregate \(aggregate) does not apply to error: \(ComparisonProblem.errorAggregation)"
            }
            return "--aggregate proportion applies to --measure error only"
        case .trialLevelNeedsMixedModel(let test):
            return "--aggregate none does not apply to --test \(test): \(ComparisonProblem.trialLevelScope)"
        case .randomSlopesNeedLinearModel(let structure):
            return "--random \(structure) does not apply to glmm: \(ComparisonProblem.glmmRandomEffects); "
                + "use --random intercept with --measure error"
        default:
            return problem.description
        }
    }

    /// The sentence for a ``ParameterProblem``.
    static func sentence(_ problem: ParameterProblem) -> String {
        switch problem {
        case .millimetreCellsNeedDensity:
            "cells in mm need the device's density; register the device (thumblab device add) or use --grid COLSxROWS"
        case .differenceMeasure(let measure):
            "a difference map compares time or error, not \(measure); use --measure time or --measure error"
        case .sameLevelTwice(let factor, let level):
            "--diff needs two different levels of \(factor), found \(level) twice"
        case .tooManyLevelsForFullOrders(let factor, let levels, let limit):
            "--scheme full takes 2 to \(limit) levels, and \(factor) has \(levels); use --scheme balanced "
                + "(a Williams square) or --scheme random"
        case .tooFewParticipantsToOrder(let participants):
            "--participants must be 1 or more, got \(participants)"
        case .tooFewLevelsToOrder(let factor, let levels):
            "--factor \(factor)=... names \(levels) level\(levels == 1 ? "" : "s"); give 2 or more, such as "
                + "--factor \(factor)=A,B,C"
        case .levelNamedTwice(let factor, let level):
            "--factor \(factor)=... names \(level) twice; name each level once"
        case .factorOrderedTwice(let factor):
            "the two --factor options both name \(factor); the second must be another factor"
        case .orderEffectsMeasure(let measure):
            "--measure \(measure) does not apply to order effects; use --measure time or --measure error"
        default:
            problem.description
        }
    }

    /// The sentence for a ``AnalysisProblem``.
    static func sentence(_ problem: AnalysisProblem) -> String {
        switch problem {
        case .noTargetSizeSource:
            problem.noTargetSizeSourceText
                + ": import with --device NAME (after thumblab device add), or name the factor with --size-factor"
        case .bandwidthNotChosen:
            problem.bandwidthText + "; give --bandwidth"
        case .noReachZone(let minimumTrials):
            problem.noReachZoneText(minimumTrials) + "; lower --min-n or use larger cells"
        case .noOrderShown:
            problem.noOrderShownText + "; save the plan the study followed (thumblab counterbalance --save), or "
                + "import logs whose block or trial numbers run in the order the levels were met"
        default:
            problem.description
        }
    }

    /// The sentence for a ``FittsProblem``.
    static func sentence(_ problem: FittsProblem) -> String {
        guard case .sequence(let sequence, let label) = problem, case .tooShort = sequence else {
            return problem.description
        }
        return (label.map { "\($0): " } ?? "") + sequence.tooShortText
            + "check that A and W are constant within each sequence or leave out short sequences with --exclude"
    }
}
