import Testing
import ThumbLab

@testable import thumblab

/// The sentence the command line prints for each library error that has an option or a
/// command to name, and the exit status of a refusal.
@Suite struct ErrorWordingTests {
    static let filters = EmptySelection(wanted: .trials, keep: ["technique=Shift"], exclude: ["block=0"])

    static let cases: [(ThumbLabError, String)] = [
        (.study(.notChosen(known: ["a", "b"])), "the database holds 2 studies (a, b); choose one with --study"),
        (.study(.unknown(name: "x", known: nil)), "there is no study 'x' in this database"),
        (.study(.unknown(name: "x", known: ["a"])), "no study named 'x'; known studies: a"),
        (
            .selection(.empty(filters)),
            "the selection holds no trials; check the filters --where technique=Shift --exclude block=0"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .data(measure: "time")))),
            "the selection holds no data for time; the study has no trials with that measure"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .fittsTrials))),
            "the selection holds no trial; check --where and --exclude"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .directionTrials))),
            "the selection holds no trial; check --where, --exclude and --device"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .targetSize(factor: nil)))),
            "the selection holds no trial with a target size (target_width or target_height); "
                + "check --where, --exclude and --device"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .touchPoint, device: "small"))),
            "the selection holds no trial with a touch point (touch_x, touch_y) on device 'small'; "
                + "check --where, --exclude and --device, or import a log with touch coordinates"
        ),
        (
            .selection(.empty(EmptySelection(wanted: .screenPosition(position: "touch")))),
            "the selection places no trial on the screen: no trial has a touch position on it"
        ),
        (.device(.unnamed), "a device needs a name, for example `thumblab device add iphone-se ...`"),
        (
            .device(.exists(name: "phone")),
            "a device named phone already exists; `thumblab device list` shows it, pick another name"
        ),
        (.device(.unknown(name: "tab")), "unknown device tab; `thumblab device list` shows the devices"),
        (
            .device(.notInStudy(name: "tab", study: "s", known: [], use: .coordinates)),
            "study 's' has no trials recorded on a device named 'tab'; "
                + "its imports name no device (import with --device NAME after thumblab device add)"
        ),
        (
            .device(.notInStudy(name: "tab", study: "s", known: [], use: .screenMap)),
            "no import of study s named a device, so there is no device 'tab'; leave --device out"
        ),
        (
            .device(.notInStudy(name: "tab", study: "s", known: ["a", "b"], use: .screenMap)),
            "study s has no device 'tab'; its devices: a, b"
        ),
        (
            .device(.several(devices: [nil, "large"], trials: [], use: .coordinates)),
            "the selected trials were recorded on 2 devices ((imports without a device), large), "
                + "whose coordinates cannot be pooled; choose one with --device NAME"
        ),
        (
            .device(.several(devices: ["large", nil], trials: [1008, 12], use: .screenMap)),
            "the selection holds trials on 2 screens, whose coordinates cannot be mapped together: "
                + "large (1,008 trials), (no device) (12 trials); choose one with --device NAME (or a --where filter)"
        ),
        (
            .device(.several(devices: ["a", "b"], trials: [], use: .layoutAudit)),
            "the selection holds trials on several devices (a, b); choose one with --device NAME"
        ),
        (
            .device(.neededForLayoutAudit),
            "a layout audit needs the device the trials ran on; import them with --device NAME "
                + "(thumblab device add first)"
        ),
        (
            .design(.mixedFactor(factor: "f", several: ["P1", "P2", "P3", "P4", "P5"], one: ["P6"])),
            "factor 'f' is neither within nor between subjects: P1, P2, P3, P4 and 1 more have data at several of "
                + "its levels, P6 at only one. Keep complete data with --where or --exclude, or compare another factor"
        ),
        (
            .design(.noCompleteParticipant(factors: ["a", "b"])),
            "no participant has data in every cell of a x b; choose levels with --levels or --where"
        ),
        (.comparison(.noFactor), "compare needs a factor to compare over: --factor NAME"),
        (
            .comparison(.repeatedOverComparedFactor(factor: "size")),
            "--by size is also a compared --factor; repeat the comparison over another factor"
        ),
        (.comparison(.tooFewLevels(factor: "t")), "--levels needs at least two distinct levels of t"),
        (
            .comparison(.mixedModelMismatch(test: "glmm")),
            "--test glmm does not fit this measure: lmm models time (on ln time) or a numeric column, "
                + "glmm models errors (misses)"
        ),
        (
            .comparison(
                .testMismatch(
                    test: "paired-t", requirement: .oneWithinFactorOfTwoLevels,
                    factors: [DesignFactor(name: "technique", isWithin: true, levels: 3)], participants: 12)),
            "--test paired-t needs one within-subjects factor with two levels; technique (within subjects, 3 levels), "
                + "12 participants (use --test auto to let ThumbLab choose)"
        ),
        (
            .comparison(.tooManyTrials(limit: 100)),
            "a mixed model holds every trial in memory and is fitted to at most 100 trials; narrow the selection "
                + "with --where, or use an aggregated test (--test auto on complete data)"
        ),
        (
            .comparison(.aggregateNotApplicable(aggregate: "median", measure: "score:sus")),
            "--aggregate does not apply to scores: each participant has one score per cell (the mean of their sheets)"
        ),
        (
            .comparison(.aggregateNotApplicable(aggregate: "median", measure: "throughput")),
            "--aggregate does not apply to throughput: each participant's value in a cell is the mean of their "
                + "sequences' throughputs"
        ),
        (
            .comparison(.aggregateNotApplicable(aggregate: "median", measure: "error")),
            "--aggregate median does not apply to error: errors are aggregated as the proportion of missed trials"
        ),
        (
            .comparison(.aggregateNotApplicable(aggregate: "proportion", measure: "time")),
            "--aggregate proportion applies to --measure error only"
        ),
        (
            .parameter(.millimetreCellsNeedDensity),
            "cells in mm need the device's density; register the device (thumblab device add) or use --grid COLSxROWS"
        ),
        (
            .parameter(.differenceMeasure(measure: "tp")),
            "a difference map compares time or error, not tp; use --measure time or --measure error"
        ),
        (.parameter(.sameLevelTwice(factor: "t", level: "a")), "--diff needs two different levels of t, found a twice"),
        (
            .analysis(.noTargetSizeSource(study: "s")),
            "target sizes in mm come from a size factor or from the targets' width and height through the device's "
                + "density; study 's' has no factor with 'size' in its name and numeric levels, and the selected "
                + "trials' imports name no device: import with --device NAME (after thumblab device add), or name "
                + "the factor with --size-factor"
        ),
        (
            .analysis(.bandwidthNotChosen(cell: nil, touches: 3)),
            "Scott's rule cannot choose a bandwidth for the selection: its 3 touches do not spread on both axes; "
                + "give --bandwidth"
        ),
        (
            .analysis(.noReachZone(minimumTrials: 5)),
            "no reach zone: no cell has at least 5 trials with times and hits; lower --min-n or use larger cells"
        ),
        (
            .fitts(
                .sequence(
                    .tooShort(trials: 1),
                    label: FittsSequenceLabel(
                        participant: "P1", levels: ["Shift", "big"], block: 2, amplitude: 256, width: 9.65))),
            "participant P1, condition Shift/big, block 2, A = 256 px, W = 9.7 px: a Fitts sequence needs at least "
                + "two trials to measure the spread of its selections, found 1; check that A and W are constant "
                + "within each sequence or leave out short sequences with --exclude"
        ),
        (.batch(.unknown(id: 42)), "there is no batch 42; `thumblab batches` lists the imports"),
    ]

    @Test(arguments: cases)
    func aRefusalNamesTheOptionToUse(error: ThumbLabError, sentence: String) {
        let report = ErrorReport(error)
        #expect(report.lines == [sentence])
        #expect(report.status == 64)
        #expect(!report.showsUsage)
    }

    @Test func trialLevelDataWithAnAggregatedTestNameTheMixedModels() {
        let report = ErrorReport(ThumbLabError.comparison(.trialLevelNeedsMixedModel(test: "rm-anova")))
        #expect(
            report.lines == [
                "--aggregate none does not apply to --test rm-anova: only the mixed models lmm and glmm take "
                    + "trial-level data, the other tests one value per participant and cell"
            ])
        #expect(report.status == 64)
    }
}
