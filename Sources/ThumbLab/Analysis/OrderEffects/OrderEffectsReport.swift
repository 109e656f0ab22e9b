import ThumbLabStats

/// Everything `thumblab order-effects` reports: where the orders came from, whether they
/// were balanced, the position effect, sequence as a between factor beside the factor (its
/// interaction is the asymmetric-transfer check), and sentences for the paper.
public struct OrderEffectsReport: Sendable, Equatable {
    /// What was asked.
    public var request: OrderEffectsRequest
    /// The selection read, with its trial and participant counts.
    public var selection: SelectionSummary
    /// The scheme of the saved plan the orders came from, if any did.
    public var scheme: CounterbalancingScheme?
    /// The factor's levels in the selection, in the study's order.
    public var levels: [String]
    /// Each participant's order, with its source.
    public var orders: [ObservedOrder]
    /// Participants left out because their order is unknown.
    public var unordered: [UnorderedParticipant]
    /// The labels of the saved plan's participants who have no data in the selection
    /// (a plan's `P1` is not a log's `P01`); empty without a plan.
    public var unmatchedPlanLabels: [String] = []
    /// The orders met and how often, most frequent first.
    public var sequences: [SequenceCount]
    /// `positionCounts[level][position]`: how many participants met each level at each
    /// position (from 1), levels as ``levels``.
    public var positionCounts: [[Int]]
    /// The position effect: position 1 to k as a within factor, with the test a comparison
    /// would choose (``Study/compare(_:selection:)``).
    public var position: Comparison
    /// Sequence (between participants) beside the factor (within): a mixed ANOVA, or the
    /// measure's mixed model when some participant lacks a level; `nil` when it cannot be
    /// tested (``sequenceMissing`` says why).
    public var sequence: Comparison?
    /// Why sequence was not tested, when it was not.
    public var sequenceMissing: String?
    /// Sentences for the paper: the position effect, then sequence and transfer.
    public var sentences: [String]
    /// What was done, in words, for a Methods section.
    public var methods: String

    /// `plan`, `data`, or `plan and data` when the plan lists some participants only.
    public var source: String {
        let sources = Set(orders.map(\.source))
        return sources.count > 1 ? "plan and data" : sources.first?.rawValue ?? "data"
    }

    /// Whether each level was met equally often at each position.
    public var positionsBalanced: Bool {
        Set(positionCounts.joined()).count <= 1
    }

    /// Whether every order met was met by equally many participants.
    public var sequencesEqual: Bool { Set(sequences.map(\.participants)).count <= 1 }
}

/// The sentences and Methods of an order analysis.
struct OrderEffectsText {
    var report: OrderEffectsReport
    var text: ComparisonText

    init(_ report: OrderEffectsReport) {
        self.report = report
        text = ComparisonText(
            request: ComparisonRequest(measure: report.request.measure, factors: ["position"]),
            selection: report.selection, comparisons: [report.position])
    }

    private func significant(_ test: TestOutcome) -> Bool { test.decisiveP < report.request.alpha }

    var sentences: [String] {
        let factor = report.request.factor
        let opening =
            report.scheme.map { "Presentation order of \(factor) was counterbalanced with \($0.phrase)" }
            ?? "The order in which participants met the levels of \(factor), as the data show it, was "
            + (report.positionsBalanced ? "balanced across positions" : "not balanced across positions")
        var lines: [String] = []
        if let test = report.position.tests.first {
            lines.append(
                "\(opening); position had \(significant(test) ? "a" : "no") significant effect on \(text.measureName) "
                    + "(\(ComparisonText.label(test.test))): \(test.apa).")
        }
        if let sequence = report.sequence {
            let main = sequence.tests.first { $0.term == "sequence" }
            let transfer = sequence.tests.first { $0.term == "sequence:\(factor)" }
            if let main, let transfer {
                lines.append(
                    "Sequence had \(significant(main) ? "a" : "no") significant effect on \(text.measureName) "
                        + "(\(ComparisonText.label(main.test))): \(main.apa); its interaction with \(factor), the check for "
                        + "asymmetric transfer, was \(significant(transfer) ? "" : "not ")significant: "
                        + "\(transfer.apa).")
            }
        } else if let reason = report.sequenceMissing {
            lines.append("Sequence was not tested: \(reason).")
        }
        return lines
    }

    var methods: String {
        let factor = report.request.factor
        var parts: [String] = []
        switch report.source {
        case "plan":
            parts.append("Each participant's order of \(factor) was read from the saved counterbalancing plan.")
        case "data":
            parts.append(
                "Each participant's order of \(factor) was read from the data: the first block, then the first "
                    + "trial, at which each level appears.")
        default:
            parts.append(
                "Each participant's order of \(factor) was read from the saved counterbalancing plan where it lists "
                    + "the participant, else from the data (the first block, then the first trial, at which each level "
                    + "appears).")
        }
        if !report.unmatchedPlanLabels.isEmpty {
            let labels = report.unmatchedPlanLabels
            parts.append(
                "The saved plan also lists \(labels.count) participant\(labels.count == 1 ? "" : "s") without data in "
                    + "the selection (\(labels.prefix(6).joined(separator: ", "))\(labels.count > 6 ? ", ..." : "")).")
        }
        if !report.unordered.isEmpty {
            parts.append(
                "Left out for an unknown order: "
                    + report.unordered.map { "\($0.participant) (\($0.reason))" }.joined(separator: ", ") + ".")
        }
        parts.append(
            "Position (1 to \(report.levels.count)) was compared as a within factor, one value per participant and "
                + "position (\(text.aggregation)). " + report.position.reasons.joined(separator: " "))
        if let sequence = report.sequence {
            let test = sequence.tests.first.map { ComparisonText.label($0.test) } ?? "mixed ANOVA"
            parts.append(
                "Sequence (the order met, between participants) was tested beside \(factor) (within) with a \(test); "
                    + "the interaction of sequence and \(factor) checks for asymmetric transfer. "
                    + sequence.reasons.joined(separator: " "))
        }
        parts.append("Trials: \(report.selection.sentence).")
        return parts.joined(separator: " ")
    }
}
